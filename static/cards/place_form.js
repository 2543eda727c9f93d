// Place form helpers: gazetteer look-up that fills the form, and live grid numbers, world
// solutions and a map preview while the editor types coordinates.
(function () {
  "use strict";

  function field(name) { return document.getElementById("id_" + name); }
  function debounce(fn, ms) {
    let timer = null;
    return function () { clearTimeout(timer); timer = setTimeout(fn, ms); };
  }
  // The admin page's language (its <html lang>): German or English, never both at once.
  const LANG = (document.documentElement.lang || "de").slice(0, 2) === "en" ? "en" : "de";
  const TEXT = {
    de: {
      lookUp: "Im Ortsverzeichnis suchen", matches: "Treffer", failed: "Suche fehlgeschlagen.",
      known: "Schon in der Kartendatenbank: ", grid: "Deutschland-Raster: N–S ", we: " · W–O ",
      outside: "außerhalb Deutschlands", world: "Welt: ",
    },
    en: {
      lookUp: "Look up in the gazetteer", matches: "Matches", failed: "Look-up failed.",
      known: "Already in the card database: ", grid: "Germany grid: N–S ", we: " · W–E ",
      outside: "Outside Germany", world: "World: ",
    },
  }[LANG];
  const LOCALE = LANG === "en" ? "en-GB" : "de-DE";
  function fmt(n) { return n === null || n === undefined ? "" : Number(n).toLocaleString(LOCALE); }
  // An error's detail: a message, or field name → message.
  function detailText(detail) {
    if (!detail) return "?";
    return typeof detail === "string" ? detail : Object.values(detail).join(" ");
  }

  function buildLookup(nameInput) {
    const box = document.createElement("div");
    box.className = "gazetteer-lookup";
    box.innerHTML =
      '<label for="gazetteer-q"></label>' +
      '<input id="gazetteer-q" type="search" autocomplete="off" placeholder="Frankfurt …">' +
      '<ul id="gazetteer-results" role="listbox"></ul>' +
      '<p class="gazetteer-status" aria-live="polite"></p>';
    box.querySelector("label").textContent = TEXT.lookUp;
    box.querySelector("ul").setAttribute("aria-label", TEXT.matches);
    nameInput.closest(".form-row").before(box);
    const input = box.querySelector("input");
    const list = box.querySelector("ul");
    const status = box.querySelector(".gazetteer-status");

    function choose(hit) {
      field("name").value = hit.name;
      if (field("name_en")) field("name_en").value = hit.name_en || "";
      // The gazetteer id makes a second copy of the same town impossible to save.
      if (field("gazetteer_id")) field("gazetteer_id").value = hit.geonames_id || "";
      field("latitude").value = hit.latitude;
      field("longitude").value = hit.longitude;
      if (hit.population !== null && field("population")) field("population").value = hit.population;
      if (field("state")) field("state").value = hit.state || "";
      if (field("country")) field("country").value = hit.country || "";
      if (field("population_source") && !field("population_source").value) {
        field("population_source").value = hit.source === "gazetteer" ? "GeoNames" : "OpenStreetMap";
      }
      list.innerHTML = "";
      status.textContent = "✓ " + hit.name;
      if (hit.existing_id) {
        // Saving would be refused: offer the place that is already there.
        status.textContent = "";
        const link = document.createElement("a");
        link.href = "../../" + hit.existing_id + "/change/";
        link.className = "existing-place";
        link.textContent = hit.name;
        status.append("⚠ " + TEXT.known, link);
      }
      refreshLocation();
    }

    const search = debounce(function () {
      const q = input.value.trim();
      if (q.length < 2) { list.innerHTML = ""; return; }
      fetch("/api/gazetteer/?q=" + encodeURIComponent(q), { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (data) {
          list.innerHTML = "";
          const hits = (data.results || []).concat((data.online && data.online.results) || []);
          status.textContent = hits.length ? "" : "–";
          if (data.online && data.online.error) status.textContent = data.online.error;
          hits.forEach(function (hit) {
            const li = document.createElement("li");
            const button = document.createElement("button");
            button.type = "button";
            button.className = "gazetteer-hit";
            button.textContent = hit.name + " — " + [hit.state, hit.country].filter(Boolean).join(", ") +
              (hit.population ? " · " + fmt(hit.population) : "") + (hit.existing_id ? " ✓" : "");
            button.addEventListener("click", function () { choose(hit); });
            li.appendChild(button);
            list.appendChild(li);
          });
        })
        .catch(function () { status.textContent = TEXT.failed; });
    }, 200);
    input.addEventListener("input", search);
  }

  function buildPreview() {
    const lon = field("longitude");
    if (!lon) return null;
    const panel = document.createElement("div");
    panel.className = "location-preview";
    panel.innerHTML = '<p class="location-numbers" aria-live="polite"></p><img class="location-map" alt="">';
    lon.closest(".form-row").after(panel);
    return panel;
  }

  let panel = null;
  // Every field the card backs depend on: the preview asks the server to compute them exactly
  // as it does for the saved place's read-only fields.
  const PREVIEW_FIELDS = ["latitude", "longitude", "country", "geometry", "stated_latitude",
    "stated_longitude", "board_override", "solutions_override"];
  function csrfToken() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function refreshLocation() {
    if (!panel) return;
    const lat = field("latitude").value.trim().replace(",", ".");
    const lon = field("longitude").value.trim().replace(",", ".");
    const numbers = panel.querySelector(".location-numbers");
    const img = panel.querySelector(".location-map");
    if (!lat || !lon) { numbers.textContent = ""; img.removeAttribute("src"); return; }
    const body = new FormData();
    PREVIEW_FIELDS.forEach(function (name) { if (field(name)) body.append(name, field(name).value); });
    fetch("/api/places/preview/", {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken() },
    })
      .then(function (r) { return r.json().then(function (d) { return [r.ok, d]; }); })
      .then(function ([ok, data]) {
        if (!ok) { numbers.textContent = detailText(data.detail); img.removeAttribute("src"); return; }
        const parts = [];
        if (data.germany) parts.push(TEXT.grid + data.germany.ns + TEXT.we + data.germany.we);
        else parts.push(TEXT.outside);
        if (data.world) parts.push(TEXT.world + data.world.solutions.join(", "));
        numbers.textContent = parts.join(" — ");
        const q = "?lat=" + encodeURIComponent(lat) + "&lon=" + encodeURIComponent(lon);
        img.src = data.germany ? "/api/maps/germany.svg" + q
          : data.world ? "/api/maps/board/" + data.world.board + ".svg" + q : "";
        img.alt = numbers.textContent;
      })
      .catch(function () { numbers.textContent = ""; });
  }

  document.addEventListener("DOMContentLoaded", function () {
    const name = field("name");
    if (!name || !field("latitude")) return;
    buildLookup(name);
    panel = buildPreview();
    const refresh = debounce(refreshLocation, 300);
    PREVIEW_FIELDS.forEach(function (name) {
      if (field(name)) {
        field(name).addEventListener("input", refresh);
        field(name).addEventListener("change", refresh);
      }
    });
    refreshLocation();
  });
})();
