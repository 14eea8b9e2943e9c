"""A phone's slow, lossy link on loopback (benchmark 10, the venue profile): a TCP relay in front of the server that
every byte of one phone goes through, both ways, its page loads and its socket's frames alike.

- rate: each direction is a queue of its own at ``down`` / ``up`` bytes per second, shared by the phone's
  connections (as one radio link is), in segments of one TCP packet's payload (MSS);
- delay: each segment arrives ``rtt / 2`` after it left;
- loss: each segment is lost with probability ``loss``; TCP sends it again after a retransmission timeout (RTO),
  and what follows it on that connection waits behind it (head-of-line blocking). netem, which would drop real
  packets, is missing from the kernel here (PLATFORM.md), so the loss is played at the byte stream's level, where
  the page sees it;
- ``cut()``: the link drops (open connections are closed, new ones refused) until ``restore()``.

Chromium's own network emulation (CDP ``Network.emulateNetworkConditions``) throttles the page's HTTP requests but,
in a check here, not its WebSocket's frames (a change reached an emulated page as fast as an unemulated one), and a
tap travels on that socket: so the whole profile is played here, one link per phone. Counts the bytes sent to the
browser, like wire.Relay. Deterministic: ``seed`` fixes which segments are lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading

MSS = 1448  # bytes of payload in one TCP segment (Ethernet MTU, TCP timestamps)


class Link:
    def __init__(self, host: str, port: int, *, down: float = 0.0, up: float = 0.0, rtt: float = 0.0,
                 loss: float = 0.0, rto: float = 0.3, seed: int = 1) -> None:
        """``down`` / ``up``: bytes per second (0: no limit); ``rtt``, ``rto``: seconds."""
        self.target = (host, port)
        self.rate = {"down": down, "up": up}
        self.delay, self.loss, self.rto = rtt / 2, loss, rto
        self.random = random.Random(seed)
        self.down = 0  # bytes sent to the browser
        self.lost = 0  # segments lost (and sent again)
        self.cut_off = False
        self._free = {"down": 0.0, "up": 0.0}  # when each direction's queue is free again (loop time)
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.base_events.Server | None = None
        started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(started,), daemon=True, name="venue link")
        self._thread.start()
        started.wait(10)

    def _run(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = self._server.sockets[0].getsockname()[1]
        started.set()
        self._loop.run_forever()

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut_off:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(self._pipe(reader, up_writer, "up"), self._pipe(up_reader, writer, "down"))
        self._writers -= {writer, up_writer}

    async def _pipe(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter, direction: str) -> None:
        """Forward ``src`` to ``dst`` segment by segment, each at the time the link delivers it."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes] | None] = asyncio.Queue()

        async def deliver() -> None:
            try:
                while (item := await queue.get()) is not None:
                    due, data = item
                    if due > loop.time():
                        await asyncio.sleep(due - loop.time())
                    if direction == "down":
                        self.down += len(data)
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        task = asyncio.ensure_future(deliver())
        last = 0.0
        try:
            while chunk := await src.read(65536):
                for i in range(0, len(chunk), MSS):
                    segment = chunk[i:i + MSS]
                    rate = self.rate[direction]
                    start = max(loop.time(), self._free[direction])
                    self._free[direction] = start + (len(segment) / rate if rate else 0.0)
                    due = self._free[direction] + self.delay
                    if self.loss and self.random.random() < self.loss:
                        self.lost += 1
                        due += self.rto
                    last = max(last, due)  # in order: a segment after a lost one waits for it
                    queue.put_nowait((last, segment))
        except (ConnectionError, OSError):
            pass
        finally:
            queue.put_nowait(None)
            await task

    def reset(self) -> None:
        self.down = 0

    def cut(self) -> None:
        """The link drops: every open connection through it ends, and new ones are refused."""
        def close_all() -> None:
            self.cut_off = True
            for writer in list(self._writers):
                writer.close()
        self._loop.call_soon_threadsafe(close_all)

    def restore(self) -> None:
        self._loop.call_soon_threadsafe(setattr, self, "cut_off", False)

    def close(self) -> None:
        async def shut() -> None:
            if self._server is not None:
                self._server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shut(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()


