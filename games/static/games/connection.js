// The connection indicator of a live table ("Conectado", "Reconectando…" and its "Tentar
// agora") and when a closed socket is opened again, around htmx's ws extension (table.js does
// the rest of the page). The server decides everything else; this only reconnects.
(function () {
  "use strict";

  function setConnection(state) {
    var el = document.querySelector("[data-connection]");
    if (!el) return;
    el.dataset.connection = state;
    var text = el.querySelector(".mesa__connection-text");
    if (text) text.textContent = text.dataset["text" + state.charAt(0).toUpperCase() + state.slice(1)] || "";
    document.body.classList.toggle("is-offline", state === "closed");
    // "Tentar agora" while a new socket is awaited (never after a close that will not reopen).
    var retry = retryButton();
    if (retry) retry.hidden = !(state === "closed" && reconnectWanted);
  }

  // When a closed socket is opened again, through the ws extension's socketWrapper: after
  // 1006, 1011, 1012, 1013 (the network, a server restarting) within 1.5 s, so that a page is
  // back within 2 s of the network; at once when the browser says it is online again or the
  // person taps "Tentar agora"; after 4011 (the server's passing trouble: its database or its
  // Redis unreachable as the socket opened) waiting longer each time, up to 30 s, so the pages
  // do not all come back at once. Never after 4001 (logged out), 4008 (flooding), 4029 (too many sockets of the
  // account or address; the notice stays on the page) or 4404 (no such table). The extension's
  // own timer cannot be cancelled and would open a second socket beside one opened early: its
  // delay is made the longest a timer keeps (about 25 days).
  var NETWORK_CAP_MS = 1500;
  var TROUBLE_CAP_MS = 30000;
  var NETWORK_CODES = [1006, 1011, 1012, 1013];
  if (window.htmx) window.htmx.config.wsReconnectDelay = function () { return 2147483647; };
  var socket = null;        // the ws extension's socketWrapper
  var connection = "connecting";
  // "Conectado" once the server's first frame is shown: until then the page is as the HTTP
  // response drew it, and that frame redraws its controls (a tap then could fall between).
  var firstFrame = false;
  var reconnectWanted = false;
  var retryTimer = null;
  var tries = 0;

  function retryButton() { return document.querySelector("[data-retry]"); }

  function reconnectNow() {
    clearTimeout(retryTimer);
    retryTimer = null;
    var table = document.getElementById("mesa");
    // Only a socket that closed is replaced: one still opening would stay open beside the new.
    if (!reconnectWanted || connection !== "closed" || !socket || !table || !document.body.contains(table)) return;
    reconnectWanted = false;
    socket.reconnect();
  }

  function scheduleReconnect(cap) {
    reconnectWanted = true;
    clearTimeout(retryTimer);
    var delay = Math.min(cap, 250 * Math.pow(2, tries)) * (0.5 + Math.random() / 2);
    tries += 1;
    retryTimer = setTimeout(reconnectNow, delay);
  }

  document.addEventListener("htmx:wsConnecting", function () {
    connection = "connecting";
    setConnection("connecting");
  });
  document.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail.socketWrapper;
    connection = "open";
    reconnectWanted = false;
    firstFrame = true;
  });
  document.addEventListener("htmx:wsClose", function (event) {
    var detail = event.detail || {};
    var code = detail.event ? detail.event.code : 0;
    socket = detail.socketWrapper || socket;
    connection = "closed";
    if (NETWORK_CODES.indexOf(code) >= 0) scheduleReconnect(NETWORK_CAP_MS);
    else if (code === 4011) scheduleReconnect(TROUBLE_CAP_MS);
    else reconnectWanted = false;
    setConnection("closed");
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    tries = 0;
    if (firstFrame && connection === "open") {
      firstFrame = false;
      setConnection("open");
    }
  });
  document.addEventListener("htmx:wsError", function () { setConnection("closed"); });
  window.addEventListener("online", function () {
    tries = 0;
    reconnectNow();
  });
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("[data-retry]")) return;
    tries = 0;
    reconnectNow();
  });
})();
