// Classroom shells: show refused moves, full screen, keep the screen awake, a turn timer.
(function () {
  "use strict";
  function refused(status) {
    return status === 400 || status === 403 || status === 409 || status === 429;
  }
  function isPost(detail) {
    return !!(detail.requestConfig && detail.requestConfig.verb === "post");
  }

  // A click is a press and a release on the same element: a redraw that swapped the stage in
  // between (another team's move, pushed or polled) made the browser drop the click, and the
  // move with it. While a pointer is down on the stage, redraws wait; the release brings the
  // screen up to date once the click has gone out. A press held longer than a few seconds (a
  // finger resting on the screen) stops holding the screen back.
  var pressedAt = 0;
  var heldBack = false;
  var HOLD_AT_MOST = 3000;
  function pressed() {
    return pressedAt > 0 && Date.now() - pressedAt < HOLD_AT_MOST;
  }
  document.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest("#stage")) pressedAt = Date.now();
  }, true);
  function released() {
    if (!pressedAt) return;
    pressedAt = 0;
    // After the click this release makes (it follows in the same input event).
    if (heldBack) setTimeout(function () { heldBack = false; pollNow(true); }, 0);
  }
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);

  // A refusal ("Too late: another team was faster.") stays on the screen that sent it until
  // its next move or for a few seconds: the redraw that follows at once (a poll sent before the
  // click, the other team's move pushed) would otherwise wipe it before anyone read it.
  var REFUSAL_SHOWN = 5000;
  var refusal = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPost(event.detail)) refusal = null;
  });
  function keepRefusal() {
    var box = document.querySelector("#stage .stage-message");
    if (!box || !refusal) return;
    if (Date.now() > refusal.until) {
      refusal = null;
    } else if (!box.textContent.trim()) {
      box.innerHTML = refusal.html;
      refusal.kept = true;
    }
  }
  // Once its time is up, a message kept through a redraw goes, as that redraw would have
  // taken it (one never redrawn stays, as before, until the next redraw).
  function dropRefusal(shown) {
    if (refusal !== shown) return;
    refusal = null;
    var box = document.querySelector("#stage .stage-message");
    if (shown.kept && box && box.innerHTML === shown.html) box.innerHTML = "";
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var box = document.querySelector("#stage .stage-message");
    if (isPost(event.detail) && refused(event.detail.xhr.status) && box && box.textContent.trim()) {
      var shown = { html: box.innerHTML, until: Date.now() + REFUSAL_SHOWN, kept: false };
      refusal = shown;
      setTimeout(function () { dropRefusal(shown); }, REFUSAL_SHOWN);
    }
    keepRefusal();
  });
  document.addEventListener("spoton:stage", keepRefusal);

  // htmx leaves 4xx answers unswapped; ours carry the stage with the server's message.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if (refused(status)) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
    var poll = event.detail.elt && event.detail.elt.id === "stage" && !isPost(event.detail);
    if (event.detail.shouldSwap && poll && pressed()) {
      event.detail.shouldSwap = false;
      heldBack = true;
      return;
    }
    // A poll sent before a click can come back after the click's answer: never let an older
    // stage replace a newer one (the screen would jump back, inviting a second click).
    var stage = document.getElementById("stage");
    var incoming = /data-version="(\d+)"/.exec(event.detail.xhr.responseText || "");
    if (event.detail.shouldSwap && stage && incoming &&
        parseInt(incoming[1], 10) < parseInt(stage.getAttribute("data-version") || "0", 10)) {
      event.detail.shouldSwap = false;
    }
  });
  // Every move carries an idempotency key, one per button as drawn: a double tap or a retry of
  // the same press is made once by the server; the next stage draws new buttons, new keys.
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.verb !== "post") return;
    var source = event.detail.elt;
    if (!source.dataset.moveKey) {
      source.dataset.moveKey = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
    }
    event.detail.headers["Idempotency-Key"] = source.dataset.moveKey;
  });
  // A lost connection: say so instead of silently showing an old table.
  document.addEventListener("htmx:sendError", function () {
    var box = document.querySelector(".stage-message");
    if (box) box.innerHTML = '<p class="flash error">' + (document.documentElement.lang === "de"
      ? "Keine Verbindung zum Server – wir versuchen es weiter."
      : "No connection to the server – still trying.") + "</p>";
  });

  // A server that cannot answer (the database restarting: 503; the proxy without its app
  // server: 502/504): the tap was not made, so say so and let the pupil tap again.
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr.status < 500) return;
    var box = document.querySelector(".stage-message");
    if (box) box.innerHTML = '<p class="flash error">' + (document.documentElement.lang === "de"
      ? "Der Server konnte das gerade nicht annehmen – bitte gleich noch einmal."
      : "The server could not take that just now – please try again.") + "</p>";
  });

  // Push: with the page's socket open (htmx's ws extension, ws-connect on the body) each
  // change arrives as the new stage, and the stage's own poll is held back to a safety poll
  // every 30 s. A closed socket (a phone's screen turned off, a server restarted) reconnects by
  // itself; until it does, the poll runs at its normal pace, so no screen is ever stuck.
  // A page just drawn holds its poll back while its socket first connects: none for 5 s, then
  // one every 5 s until the socket opens or fails. Polls from a whole school joining at once
  // only slowed the sockets they were waiting for.
  // Parts (play/core/parts.py): a pushed stage names by their hash the parts this screen was
  // sent with its last stages (<!--k:HASH-->); they are put back here, before htmx swaps the
  // stage in, from the parts the page keeps of the same stages. Every message is kept so, even
  // one that is not shown, as the server counts it sent. A part the page lacks: the stage is
  // polled whole instead, and the socket is asked to send its next stage whole.
  var KEPT = 32;
  var keptStages = [];
  var assembled = null;
  function keptPart(hash) {
    for (var i = keptStages.length - 1; i >= 0; i--) {
      if (Object.prototype.hasOwnProperty.call(keptStages[i], hash)) return keptStages[i][hash];
    }
    return null;
  }
  function assemble(message) {
    if (message.indexOf("<!--p:") < 0 && message.indexOf("<!--k:") < 0) return message;
    var missing = false;
    var html = message.replace(/<!--k:([0-9a-f]{16})-->/g, function (_, hash) {
      var part = keptPart(hash);
      if (part === null) missing = true;
      return part || "";
    });
    if (missing) return null;
    var parts = {}, open = [], marks = /<!--p:([0-9a-f]{16})-->|<!--\/p-->/g, found;
    while ((found = marks.exec(html)) !== null) {
      if (found[1]) open.push([found[1], found.index]);
      else if (open.length) {
        var begun = open.pop();
        parts[begun[0]] = html.slice(begun[1], marks.lastIndex);
      }
    }
    keptStages.push(parts);
    if (keptStages.length > KEPT) keptStages.shift();
    return html;
  }
  if (window.htmx) {
    window.htmx.defineExtension("stage-parts", {
      transformResponse: function (text, xhr) {
        return !xhr && assembled && assembled.message === text ? assembled.html : text;
      }
    });
  }
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var message = event.detail.message;
    var html = assemble(message);
    if (html === null) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.detail.socketWrapper) event.detail.socketWrapper.send("forget");
      pollNow(true);
      return;
    }
    assembled = { message: message, html: html };
  });

  var pushOpen = false;
  var pushFailed = false;
  var pushed = !!document.querySelector("[ws-connect]");
  var SAFETY_POLL = 30000;
  var CONNECT_GRACE = 5000;
  var loadedAt = Date.now();
  var polledAt = 0;
  var heard = Date.now();
  function version(html) {
    var match = /data-version="(\d+)"/.exec(html || "");
    return match ? parseInt(match[1], 10) : null;
  }
  function shown() {
    var stage = document.getElementById("stage");
    return stage ? parseInt(stage.getAttribute("data-version") || "0", 10) : 0;
  }
  var forced = false;
  function pollNow(force) {
    var stage = document.getElementById("stage");
    if (!stage || !window.htmx) return;
    heard = Date.now();
    forced = !!force;  // a redraw held back while pushed: fetch it even with the socket open
    window.htmx.ajax("GET", stage.getAttribute("hx-get"), { source: stage, target: stage, swap: "outerHTML" });
  }
  if (window.htmx) {
    // htmx takes over a swapped-in stage's forms when it settles: with its 20 ms settle delay,
    // a press in between sent the form natively, reloading the page (and a screen reader heard
    // nothing of the move). Settled at once, the forms are htmx's as soon as they show.
    window.htmx.config.defaultSettleDelay = 0;
    window.htmx.config.wsReconnectDelay = function (retries) {
      return Math.min(5000, 500 * Math.pow(2, retries)) * (0.5 + Math.random() / 2);
    };
  }
  var socket = null;
  document.addEventListener("htmx:wsOpen", function (event) {
    pushOpen = true;
    heard = Date.now();
    socket = event.detail.socketWrapper;
    // The table opened or folded while the socket was connecting: its handshake's cookie was
    // the one before.
    var table = /(?:^|; )spoton_table=([01])/.exec(document.cookie);
    if (table) socket.send("table " + table[1]);
  });
  // A phone's table opened or folded (below): its socket's next stages have the projector's
  // copy or not (the handshake's cookie says so after a reconnect); one opened empty is
  // fetched at once.
  document.addEventListener("spoton:table", function (event) {
    if (socket && pushOpen) socket.send(event.detail.open ? "table 1" : "table 0");
    var stage = document.getElementById("stage");
    if (!event.detail.fetch || !stage || !window.htmx) return;
    heard = Date.now();
    forced = true;
    var whole = stage.getAttribute("hx-get").replace(/([?&]v=)\d+/, "$10");
    window.htmx.ajax("GET", whole, { source: stage, target: stage, swap: "outerHTML" });
  });
  document.addEventListener("htmx:wsClose", function () {
    socket = null;
    pushOpen = false;
    pushFailed = true;
    pollNow();  // catch up at once (a kicked device is sent back to the team picker)
  });
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    heard = Date.now();
    var incoming = version(event.detail.message);
    if (incoming !== null && incoming <= shown()) event.preventDefault();
    else if (pressed()) {
      event.preventDefault();
      heldBack = true;
    }
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    heard = Date.now();
    document.dispatchEvent(new CustomEvent("spoton:stage"));
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    var isPoll = event.detail.elt && event.detail.elt.id === "stage" && config && config.verb === "get";
    if (!isPoll) return;
    if (forced) {
      forced = false;
      polledAt = Date.now();
      return;
    }
    var connecting = pushed && !pushOpen && !pushFailed;
    if ((pushOpen && Date.now() - heard < SAFETY_POLL) ||
        (connecting && Date.now() - Math.max(loadedAt, polledAt) < CONNECT_GRACE)) {
      event.preventDefault();
      return;
    }
    polledAt = Date.now();
  });
  document.addEventListener("visibilitychange", function () {
    // A phone waking up: its socket may have died unnoticed while the screen was off.
    if (document.visibilityState === "visible" && Date.now() - heard > 2000) pollNow();
  });

  // A watchdog: a stage that has not heard from the server for five of its poll intervals (a
  // swap that failed half-way, a poller lost with a replaced element) asks again by itself,
  // so a classroom screen never silently freezes on an old table.
  document.addEventListener("htmx:afterRequest", function () { heard = Date.now(); });
  setInterval(function () {
    var stage = document.getElementById("stage");
    if (!stage || !window.htmx || document.visibilityState !== "visible") return;
    var every = /every\s+(\d+)ms/.exec(stage.getAttribute("hx-trigger") || "");
    var interval = every ? parseInt(every[1], 10) : 1000;
    var quiet = pushOpen ? SAFETY_POLL : Math.max(5 * interval, 3000);
    if (Date.now() - heard < quiet) return;
    pollNow();
  }, 1000);

  // The teacher's bar is re-rendered with the stage: listen on the document.
  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-fullscreen]")) return;
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(function () {});
  });

  // The bar's "Join" panel stays open while the stage redraws (each move re-renders the bar)
  // until the teacher closes it: with "Join" again or Escape.
  // The timer's pop-up likewise.
  var opened = {};
  var POPS = ["data-join-pop", "data-timer-pop"];
  document.addEventListener("toggle", function (event) {
    POPS.forEach(function (name) {
      if (!event.target.matches || !event.target.matches("[" + name + "]")) return;
      opened[name] = event.target.open;
      if (!event.target.open) return;
      POPS.forEach(function (other) {  // one pop-up at a time: they open in the same place
        var pop = other !== name && document.querySelector("[" + other + "][open]");
        if (pop) pop.open = false;
      });
    });
  }, true);
  function reopenJoin() {
    POPS.forEach(function (name) {
      var pop = document.querySelector("[" + name + "]");
      if (pop && opened[name] && !pop.open) pop.open = true;
    });
  }
  document.addEventListener("htmx:afterSwap", reopenJoin);
  document.addEventListener("spoton:stage", reopenJoin);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll("[data-join-pop][open], [data-timer-pop][open]").forEach(function (pop) {
      pop.open = false;
    });
  });

  var wakeLock = null;
  function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (lock) { wakeLock = lock; }).catch(function () {});
  }
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();

  // The timer restarts whenever the game changes (a move was made): a per-turn clock. Its
  // setting lives in localStorage, as the bar holding it is re-rendered with every change.
  // One team may have more time (twice the clock) on its own turns; where every team moves at
  // once the one clock is theirs too, so it doubles for all. Kept per game: teams differ.
  var seconds = parseInt(window.localStorage.getItem("spoton-timer") || "0", 10) || 0;
  var left = seconds, seen = null;
  function stageVersion() {
    var stage = document.getElementById("stage");
    return stage ? stage.getAttribute("data-version") : null;
  }
  function moreKey() {
    return "spoton-timer-more:" + window.location.pathname;
  }
  function more() { return window.localStorage.getItem(moreKey()) || ""; }
  function clock() {
    var stage = document.getElementById("stage");
    var turn = stage ? stage.getAttribute("data-turn") || "" : "";
    return more() !== "" && (turn === "" || turn === more()) ? seconds * 2 : seconds;
  }
  function draw() {
    var select = document.querySelector("[data-timer-select]");
    var face = document.querySelector("[data-timer]");
    var extra = document.querySelector("[data-timer-more]");
    if (select && select.value !== String(seconds)) select.value = String(seconds);
    if (extra) {
      if (extra.value !== more()) extra.value = more();
      extra.disabled = seconds === 0;
    }
    if (!face) return;
    face.hidden = seconds === 0;
    var m = Math.floor(left / 60), s = left % 60;
    face.textContent = m + ":" + (s < 10 ? "0" : "") + s;
    face.classList.toggle("up", left === 0);
  }
  document.addEventListener("change", function (event) {
    if (event.target.matches("[data-timer-more]")) {
      window.localStorage.setItem(moreKey(), event.target.value);
      left = clock();
      draw();
      return;
    }
    if (!event.target.matches("[data-timer-select]")) return;
    seconds = parseInt(event.target.value, 10) || 0;
    left = clock();
    window.localStorage.setItem("spoton-timer", String(seconds));
    draw();
  });
  document.addEventListener("htmx:afterSwap", draw);
  document.addEventListener("spoton:stage", draw);
  seen = stageVersion();
  left = clock();
  setInterval(function () {
    var now = stageVersion();
    if (now !== seen) { seen = now; left = clock(); }
    else if (left > 0) left -= 1;
    draw();
  }, 1000);
  draw();
})();

// Screen readers: the stage is redrawn whole, so what it says is read from two regions outside
// it. A new version reads the last move politely ("Ada: placed a tip."); a refusal of this
// screen's own move is read at once. The page as first drawn announces nothing.
(function () {
  "use strict";
  function stageVersion() {
    var stage = document.getElementById("stage");
    return stage ? parseInt(stage.getAttribute("data-version") || "0", 10) : 0;
  }
  var announced = stageVersion();
  function say(id, text) {
    var region = document.getElementById(id);
    if (!region || !text) return;
    // Emptied first: the same sentence twice in a row is still read twice.
    region.textContent = "";
    setTimeout(function () { region.textContent = text; }, 50);
  }
  function moved() {
    var stage = document.getElementById("stage");
    var now = stageVersion();
    if (!stage || now <= announced) return;
    announced = now;
    say("live-moves", stage.getAttribute("data-announce"));
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 200;
    var post = event.detail.requestConfig && event.detail.requestConfig.verb === "post";
    var box = document.querySelector("#stage .stage-message");
    if (post && (status === 400 || status === 403 || status === 409 || status === 429) && box) {
      say("live-refusal", box.textContent.trim());
    }
    moved();
  });
  document.addEventListener("spoton:stage", moved);
})();

// Read aloud and high contrast: switches kept in this browser (the bar holding them is redrawn
// with every move). Speech is the browser's own, in the page's language: nothing leaves the
// device. With reading on, each move the live region announces is also spoken; a tap on a
// place's or symbol's name reads it.
(function () {
  "use strict";
  var SPEAK = "spoton-speak", CONTRAST = "spoton-contrast";
  function on(key) { return window.localStorage.getItem(key) === "1"; }
  function draw() {
    document.querySelectorAll("[data-speak-toggle]").forEach(function (button) {
      button.setAttribute("aria-pressed", on(SPEAK) ? "true" : "false");
    });
    var projector = !!document.querySelector("body.shell.projector");
    document.documentElement.classList.toggle("high-contrast", projector && on(CONTRAST));
    document.querySelectorAll("[data-contrast-toggle]").forEach(function (button) {
      button.setAttribute("aria-pressed", on(CONTRAST) ? "true" : "false");
    });
  }
  function speak(text) {
    if (!text || !("speechSynthesis" in window)) return;
    var utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || "de";
    window.speechSynthesis.speak(utterance);
  }
  document.addEventListener("click", function (event) {
    var speakToggle = event.target.closest("[data-speak-toggle]");
    var contrastToggle = event.target.closest("[data-contrast-toggle]");
    if (speakToggle) {
      window.localStorage.setItem(SPEAK, on(SPEAK) ? "0" : "1");
      if (!on(SPEAK) && "speechSynthesis" in window) window.speechSynthesis.cancel();
    } else if (contrastToggle) {
      window.localStorage.setItem(CONTRAST, on(CONTRAST) ? "0" : "1");
    } else if (on(SPEAK)) {
      // A place or symbol named on the screen: read its name on request.
      var named = event.target.closest("[data-speak], .de-card h3, .msym, .card h3");
      if (named) speak(named.getAttribute("data-speak") || named.getAttribute("title") ||
                       named.textContent.trim());
      return;
    } else {
      return;
    }
    draw();
  });
  var moves = document.getElementById("live-moves");
  if (moves && "MutationObserver" in window) {
    new window.MutationObserver(function () {
      if (on(SPEAK)) speak(moves.textContent);
    }).observe(moves, { childList: true, characterData: true, subtree: true });
  }
  document.addEventListener("htmx:afterSwap", draw);
  document.addEventListener("spoton:stage", draw);
  draw();
})();

// The table on a phone stays open (or closed) across the stage's redraws, as the pupil left it.
(function () {
  "use strict";
  // The solo shell's table (data-mirror="solo") opens by default and is kept apart; so is the
  // pupil's choice while the teacher has the table open on every phone (data-mirror-on), so
  // the switch opens a table the pupil had folded before it.
  function key(mirror) {
    return "spoton-mirror" + (mirror.dataset.mirror ? ":" + mirror.dataset.mirror : "") +
      (mirror.hasAttribute("data-mirror-on") ? ":on" : "");
  }
  // A phone's table is drawn by the server only while it is open (the page says so by a
  // cookie and over its socket): one opened empty (data-mirror-later) is fetched.
  var said = null;
  document.addEventListener("toggle", function (event) {
    var mirror = event.target;
    if (!mirror.matches || !mirror.matches("[data-mirror]")) return;
    window.localStorage.setItem(key(mirror), mirror.open ? "1" : "0");
    // The solo shell's table is its own; while the teacher's switch is on, every phone's table
    // is drawn: the cookie keeps the pupil's own choice for when it is off again.
    if (mirror.dataset.mirror || mirror.hasAttribute("data-mirror-on")) return;
    var open = mirror.open;
    document.cookie = "spoton_table=" + (open ? "1" : "0") + "; path=/; SameSite=Lax";
    var fetch = open && mirror.hasAttribute("data-mirror-later");
    if (open === said && !fetch) return;
    said = open;
    document.dispatchEvent(new CustomEvent("spoton:table", { detail: { open: open, fetch: fetch } }));
  }, true);
  function restore() {
    var mirror = document.querySelector("[data-mirror]");
    if (!mirror) return;
    var kept = window.localStorage.getItem(key(mirror));
    if (kept !== null && mirror.open !== (kept === "1")) mirror.open = kept === "1";
  }
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("spoton:stage", restore);
  restore();
})();
