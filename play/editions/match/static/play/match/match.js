// Match screens. While cards are claimed the stage polls faster than the shell's second, so a
// claim shows on every screen well within a second (the fragment says how often: .mpoll).
// Devices: tap a card of the island to see it large beside your own, then tap the symbol both
// share. The chosen card survives the screen's refreshes while it can still be claimed.
// A wrong claim locks the team for a moment: the screen greys out for that long.
(function () {
  "use strict";
  // The fragment brings this script along with every refresh: set up once, then refresh.
  if (window.matchDevice) {
    window.matchDevice();
    return;
  }
  let picked = null;
  let lockSeen = null;
  let unlockTimer = null;

  function show(root, ref) {
    const chosen = root.querySelector(".mchosen");
    if (!chosen) return;
    root.querySelectorAll(".misland .mcard.picked").forEach((c) => c.classList.remove("picked"));
    const form = ref && root.querySelector('.misland form[id="claim-' + ref + '"]');
    if (!form) {
      picked = null;
      return;
    }
    picked = ref;
    form.querySelector(".mcard").classList.add("picked");
    const copy = form.cloneNode(true);
    copy.id = "chosen-" + ref;
    copy.querySelector(".mcard").classList.remove("picked");
    chosen.replaceChildren(copy);
    // A copy is new to htmx: without this its symbols would post a plain form (a full page).
    if (window.htmx) window.htmx.process(copy);
  }

  function lock(root) {
    const until = parseFloat(root.dataset.lockedUntil || "0");
    const seconds = parseFloat(root.dataset.lock || "0");
    if (lockSeen !== null && until > lockSeen && seconds > 0) {
      const note = root.querySelector(".mlock");
      root.classList.add("locked");
      if (note) note.hidden = false;
      clearTimeout(unlockTimer);
      unlockTimer = setTimeout(() => {
        unlockTimer = null;
        const now = document.querySelector(".match-device");
        if (!now) return;
        now.classList.remove("locked");
        const n = now.querySelector(".mlock");
        if (n) n.hidden = true;
      }, seconds * 1000);
    } else if (root.classList.contains("locked") === false && unlockTimer) {
      // A refresh during the lock keeps the screen locked.
      root.classList.add("locked");
      const note = root.querySelector(".mlock");
      if (note) note.hidden = false;
    }
    lockSeen = until;
  }

  function fastPoll() {
    const stage = document.getElementById("stage");
    const marker = stage && stage.querySelector(".mpoll");
    if (!marker || !window.htmx) return;
    const trigger = "every " + marker.dataset.pollMs + "ms";
    if (stage.getAttribute("hx-trigger") !== trigger) {
      stage.setAttribute("hx-trigger", trigger);
      window.htmx.process(stage); // htmx re-reads changed attributes: one poller, faster
    }
  }

  function init() {
    fastPoll();
    const root = document.querySelector(".match-device");
    if (!root) return;
    root.classList.remove("nojs");
    if (picked) show(root, picked);
    lock(root);
  }

  document.addEventListener("click", (event) => {
    const root = event.target.closest(".match-device");
    if (!root) return;
    const card = event.target.closest(".misland .mcard.target");
    if (card) {
      event.preventDefault();
      show(root, card.dataset.ref);
    }
  });
  window.matchDevice = init;
  document.addEventListener("htmx:afterSettle", init);
  document.addEventListener("spoton:stage", init);  // a stage pushed over the socket
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
