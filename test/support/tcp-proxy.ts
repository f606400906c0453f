import net from 'node:net';

/**
 * A TCP relay in front of a server, which a test can take down (every connection ends and new
 * ones are reset at once, as when a database restarts) and bring back. The listener stays bound
 * throughout: a port given up and bound again could be taken by another process meanwhile.
 */
export interface TcpProxy {
  port: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let relaying = true;
  const endAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const server = net.createServer((inbound) => {
    if (!relaying) {
      // A reset, as a client connecting to a database that is not listening sees.
      inbound.resetAndDestroy();
      return;
    }
    const outbound = net.connect(targetPort, targetHost);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    down: async () => {
      relaying = false;
      endAll();
    },
    up: async () => {
      relaying = true;
    },
    close: async () => {
      relaying = false;
      endAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
