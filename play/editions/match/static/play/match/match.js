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
    const card = copy.querySelector(".mcard");
    card.classList.remove("picked", "target");
    ["role", "tabindex", "aria-label"].forEach((name) => card.removeAttribute(name));
    copy.querySelectorAll("button.msym").forEach((button) => {
      button.disabled = false;
      button.removeAttribute("tabindex");
    });
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

  // With this script an island card is chosen whole (a tap, or Enter or Space on it), its
  // symbols are claimed on the large copy beside the phone's own card: so each island card is
  // one button named by its symbols, and its small symbols leave the tab order.
  function islandButtons(root) {
    const prefix = root.dataset.cardLabel || "";
    root.querySelectorAll(".misland .mcard.target").forEach((card) => {
      const names = [...card.querySelectorAll(".msym .sr")].map((s) => s.textContent);
      card.setAttribute("role", "button");
      card.setAttribute("tabindex", "0");
      card.setAttribute("aria-label", prefix + " " + names.join(", "));
      card.querySelectorAll("button.msym").forEach((button) => { button.disabled = true; });
    });
  }

  function choose(root, card, byKey) {
    show(root, card.dataset.ref);
    if (!byKey) return;
    const first = root.querySelector(".mchosen button.msym");
    if (first) first.focus();
  }

  function init() {
    fastPoll();
    const root = document.querySelector(".match-device");
    if (!root) return;
    root.classList.remove("nojs");
    islandButtons(root);
    if (picked) show(root, picked);
    lock(root);
  }

  document.addEventListener("click", (event) => {
    const root = event.target.closest(".match-device");
    if (!root) return;
    const card = event.target.closest(".misland .mcard.target");
    if (card) {
      event.preventDefault();
      choose(root, card, false);
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const card = event.target.closest && event.target.closest(".misland .mcard.target");
    const root = card && card.closest(".match-device");
    if (!root) return;
    event.preventDefault();
    choose(root, card, true);
  });
  window.matchDevice = init;
  document.addEventListener("htmx:afterSettle", init);
  document.addEventListener("spoton:stage", init);  // a stage pushed over the socket
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
