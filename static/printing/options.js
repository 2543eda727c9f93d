// The downloads and the background-job buttons print what the options show, not what the
// preview was last drawn with: their addresses follow the form as it changes. Without
// JavaScript they keep the options of the last "Update preview", as the page was served.
(function () {
  "use strict";
  var form = document.querySelector("form.print-options");
  if (!form) {
    return;
  }
  function query() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      params.append(name, value);
    });
    return params.toString();
  }
  function follow() {
    var search = query();
    document.querySelectorAll("[data-follows-options]").forEach(function (element) {
      var attribute = element.tagName === "FORM" ? "action" : "href";
      var url = new URL(element.getAttribute(attribute), window.location.href);
      url.search = search;
      element.setAttribute(attribute, url.pathname + url.search);
    });
  }
  form.addEventListener("input", follow);
  form.addEventListener("change", follow);
  // A page restored by "back" shows the options as they were left.
  window.addEventListener("pageshow", follow);
  follow();
})();
