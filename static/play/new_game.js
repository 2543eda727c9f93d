// The new-game form: options whose help depends on the deck (a region's word) show the chosen deck's.
document.addEventListener("DOMContentLoaded", function () {
  var data = document.getElementById("deck-helps");
  var deck = document.getElementById("id_deck");
  if (!data || !deck) return;
  var helps = JSON.parse(data.textContent);
  function show() {
    var texts = helps[deck.value] || {};
    Object.keys(texts).forEach(function (name) {
      var small = document.getElementById("help-" + name);
      if (small) small.textContent = texts[name];
    });
  }
  deck.addEventListener("change", show);
  show();
});
