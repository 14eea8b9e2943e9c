// Loaded by every page (webapp/pages/frame.py): makes the app installable and keeps a game's screen awake, and
// stops a tap made while the page is not connected (still connecting, or lost its connection), saying it was not
// saved (the socket would otherwise hold it and send it later, when the game may have moved on), and keeps what
// the page sends to the server in the order it happened.
(() => {
  // NiceGUI holds back what a page sends until the page has connected, each message on a 10 ms retry of its own,
  // so messages made before then go out in the order their retries happen to come round: a password typed while
  // the page was connecting could reach the server after the tap on "Sign in" that followed it. Here the socket
  // holds them instead, in order, and sends them all at once when the connection is made (NiceGUI sets
  // `did_handshake` then); NiceGUI's retries only wait for the socket to exist.
  let socket;
  let connected = false;
  const held = [];
  Object.defineProperty(window, "socket", {
    configurable: true,
    get: () => socket,
    set(value) {
      socket = value;
      const send = value.emit.bind(value);
      value.emit = (name, ...args) => {
        if (connected || name === "handshake") return send(name, ...args);
        held.push([name, args]);
        return value;
      };
    },
  });
  Object.defineProperty(window, "did_handshake", {
    configurable: true,
    get: () => socket !== undefined,
    set(value) {
      connected = value;
      if (connected) held.splice(0).forEach(([name, args]) => socket.emit(name, ...args));
    },
  });

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
  // Enter and the space bar press a focused control; in a text field a space is just a letter typed.
  const typing = (target) => target instanceof Element && target.matches("textarea, [contenteditable], input:not("
    + "[type=button], [type=submit], [type=checkbox], [type=radio], [type=reset])");
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || (event.key === " " && !typing(event.target))) refuseWhileOffline(event);
  }, true);
})();
