"""Getting places in and out: gazetteer import, spreadsheet import and export, import jobs."""
