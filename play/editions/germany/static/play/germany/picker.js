// Hand-picked places: filter the list and count the ticks; the button waits for the right
// number. Listens on the document, as the picker is re-rendered with the stage.
(function () {
  "use strict";
  if (window.spotOnPicker) return;
  window.spotOnPicker = true;
  function update(form) {
    var needed = parseInt(form.dataset.needed, 10);
    var n = form.querySelectorAll("input[type=checkbox]:checked").length;
    form.querySelector("[data-count]").textContent = n;
    form.querySelector("[data-submit]").disabled = n !== needed;
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest(".de-picker");
    if (form) update(form);
  });
  document.addEventListener("input", function (event) {
    if (!event.target.matches(".de-picker [data-filter]")) return;
    var form = event.target.closest(".de-picker");
    var q = event.target.value.trim().toLocaleLowerCase();
    form.querySelectorAll(".de-options li").forEach(function (li) {
      li.hidden = !!q && li.textContent.toLocaleLowerCase().indexOf(q) < 0 &&
        !li.querySelector(":checked");
    });
  });
})();
