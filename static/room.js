import merge from "/static/merge.js";

// A spectators' board follows its Socket.IO room (webapp/components/watch.js, live_board.js, hall.js): it listens to
// the server's one event for the room and joins again on every (re)connection (a new socket is in no room).
// NiceGUI opens the page's socket when the whole page has mounted, after the board: until then it waits.
export function follow(vm, name, onMessage, onConnect) {
  const socket = window.socket;
  if (!socket) {
    vm.retry = setTimeout(() => follow(vm, name, onMessage, onConnect), 50);
    return;
  }
  vm.handlers = { name, message: onMessage, connect: onConnect };
  socket.on(name, onMessage);
  socket.on("connect", onConnect);
  if (socket.connected) onConnect();
}

// The board is gone: it stops listening.
export function unfollow(vm) {
  clearTimeout(vm.retry);
  const socket = window.socket;
  if (socket && vm.handlers) {
    socket.off(vm.handlers.name, vm.handlers.message);
    socket.off("connect", vm.handlers.connect);
  }
}

// Joins the room (again after a reconnection: a new socket is in no room), one ask at a time; the server's answer
// (the whole view when the board is behind) goes to onAnswer.
export function joinRoom(vm, name, payload, onAnswer) {
  if (vm.joining) return;
  vm.joining = true;
  window.socket.emit(name, { client: window.clientId, ...payload }, (answer) => {
    vm.joining = false;
    onAnswer(answer);
  });
}

// A message of the room for a board that keeps one value (`key`) and its version `v`: the whole value, or a patch
// on the version the board holds; a gap (or another server process) makes it join again for the whole value.
export function followVersion(vm, key, msg, whole) {
  if (msg.now != null) vm.now = msg.now;
  if (whole) {
    vm.v = msg.v;
    vm[key] = whole;
  } else if (msg.patch && msg.base === vm.v) {
    vm[key] = merge(vm[key], msg.patch);
    vm.v = msg.v;
  } else if (msg.v !== vm.v) {
    vm.join();
  }
}
