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
