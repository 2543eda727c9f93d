// Grid edition form: picking a country (or a German state) fills in the extent and ranges
// suggested from its outline; the preview map follows the values as they change.
(function () {
  "use strict";

  const EXTENT = ["west", "east", "north", "south", "ns_max", "we_max"];

  function field(name) { return document.getElementById("id_" + name); }

  function start() {
    const box = document.querySelector(".grid-preview-box");
    if (!box) return;
    const preview = box.querySelector("img.grid-preview");
    const adding = box.dataset.adding === "true";

    function outline() {
      const params = new URLSearchParams();
      for (const name of ["country", "region"]) {
        const input = field(name);
        if (input && input.value) params.set(name, input.value.trim().toUpperCase());
      }
      const part = field("outline_part");
      if (part) params.set("part", part.value);
      return params;
    }

    function titled(params) {
      const name = field("name");
      if (name && name.value) params.set("name", name.value);
      return params;
    }

    function redraw() {
      const params = outline();
      if (!params.get("country")) return;
      for (const name of EXTENT) {
        const input = field(name);
        if (input && input.value) params.set(name, input.value);
      }
      preview.src = box.dataset.mapUrl + "?" + titled(params);
    }

    async function suggest() {
      const params = outline();
      if (!params.get("country")) return;
      const response = await fetch(box.dataset.suggestUrl + "?" + params, {
        credentials: "same-origin",
      });
      if (!response.ok) return;
      const values = await response.json();
      for (const name of EXTENT) {
        const input = field(name);
        if (input) input.value = values[name];
      }
      redraw();
    }

    const title = field("name");
    if (title) title.addEventListener("change", redraw);
    for (const name of ["country", "region", "outline_part"]) {
      const input = field(name);
      if (input) input.addEventListener("change", function () { adding ? suggest() : redraw(); });
    }
    for (const name of EXTENT) {
      const input = field(name);
      if (input) input.addEventListener("change", redraw);
    }
    const west = field("west");
    if (west) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button grid-suggest";
      button.textContent = box.dataset.suggestLabel;
      button.addEventListener("click", suggest);
      west.after(button);
    }
    redraw();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
