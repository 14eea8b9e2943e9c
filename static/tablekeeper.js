// Loaded by every page (webapp/pages/frame.py): makes the app installable and keeps a game's screen awake, and
// stops a tap made while the page is not connected (still connecting, or lost its connection), saying it was not
// saved (the socket would otherwise hold it and send it later, when the game may have moved on).
(() => {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }

  // Game pages (the table, a seat, the watch screen on a TV) and an event's hall screen keep the screen on; the
  // lock is released whenever the page is hidden, so it is asked for again when the page comes back.
  const gamePage = /^\/(table|watch)\/|^\/events\/[^/]+\/hall$/.test(window.location.pathname);
  let lock = null;
  async function keepAwake() {
    if (!gamePage || !("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch (error) {
      lock = null; // refused (battery saver, not visible): the screen just follows the device's settings
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  window.addEventListener("load", keepAwake);

  const offline = () => window.socket !== undefined && !window.socket.connected;
  // Whether this page's socket has ever connected: a page that has not yet is still connecting, not cut off.
  let connectedOnce = false;
  const watchSocket = setInterval(() => {
    if (window.socket === undefined) return;
    clearInterval(watchSocket);
    connectedOnce = connectedOnce || window.socket.connected;
    window.socket.on("connect", () => { connectedOnce = true; });
  }, 100);
  function refuseWhileOffline(event) {
    const control = event.target instanceof Element && event.target.closest(
      "button, [role=button], a[href], input, .q-checkbox, .q-toggle, .q-radio, .q-item--clickable, svg [tabindex]");
    if (!control || !offline()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const text = connectedOnce
      ? "Not saved: this device has lost its connection to the server. Tap again when it is back."
      : "Not saved: this page is still connecting to the server. Tap again in a moment.";
    window.Quasar.Notify.create({ message: text, type: "negative", position: "bottom", timeout: 6000 });
  }
  document.addEventListener("click", refuseWhileOffline, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") refuseWhileOffline(event);
  }, true);
})();
