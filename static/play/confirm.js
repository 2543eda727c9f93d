// Forms that ask first: <form data-confirm="…">, or a submit button of its own with data-confirm
// (the Content Security Policy allows no inline handlers).
document.addEventListener("submit", function (event) {
  var button = event.submitter && event.submitter.closest("[data-confirm]");
  var asking = button || event.target.closest("form[data-confirm]");
  if (asking && !window.confirm(asking.getAttribute("data-confirm"))) event.preventDefault();
});
