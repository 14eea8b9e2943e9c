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
