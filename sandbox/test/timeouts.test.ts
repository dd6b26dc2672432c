/**
 * The sandbox server's timeouts (`server-timeouts.ts`): stated figures, and each one ends what it
 * should end, over real sockets. Node's defaults would have waited 60 s for headers and forever
 * for an answer that never comes; the tests shorten the figures to keep their own time small.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { API_PREFIX } from '../../src/api/contract.js';
import { startSandbox, type ServerTimeouts } from '../index.js';
import { sandboxServerTimeouts } from '../server-timeouts.js';
import { fixtureConferences, FX } from './fixture.js';
import { STARTS_ON } from './helpers.js';

function sandbox(serverTimeouts: Partial<ServerTimeouts>) {
  return startSandbox({ db: ':memory:', seedData: fixtureConferences, startsOn: STARTS_ON, port: 0, serverTimeouts });
}

/** Writes `text` on a raw connection and resolves with what came back and when the server closed it. */
function rawExchange(port: number, text: string): Promise<{ received: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ received, closedAfterMs: performance.now() - started }));
    // The test's own bound, far beyond the figures under test.
    setTimeout(
      () => socket.destroy(new Error(`the server kept the connection open 15 s; got: ${received}`)),
      15_000,
    ).unref();
  });
}

describe('sandbox server timeouts', () => {
  it('are stated, and follow the body deadline and the injected latency', () => {
    assert.deepEqual(sandboxServerTimeouts(), {
      headersTimeout: 20_000,
      requestTimeout: 40_000,
      keepAliveTimeout: 15_000,
      keepAliveAdvertised: 5_000,
      // 30 s body + 30 s longest Prefer: delay + 30 s
      idleTimeout: 90_000,
      connectionsCheckingInterval: 1_000,
    });
    const slow = sandboxServerTimeouts({ bodyTimeoutMs: 60_000, latencyMs: 60_000 });
    assert.equal(slow.requestTimeout, 70_000);
    assert.equal(slow.idleTimeout, 180_000);
    // Node refuses a headers timeout longer than the request timeout.
    assert.equal(sandboxServerTimeouts({ bodyTimeoutMs: 100 }).requestTimeout, 20_000);
  });

  it('headers that stop arriving: 408 and the connection closed at the headers timeout', async () => {
    const s = await sandbox({ headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 });
    try {
      const { received, closedAfterMs } = await rawExchange(
        s.port,
        `GET ${API_PREFIX}/health HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${FX.keys.all}\r\n`,
      );
      assert.match(received, /^HTTP\/1\.1 408 /);
      assert.ok(closedAfterMs < 5_000, `closed after ${Math.round(closedAfterMs)} ms`);
    } finally {
      await s.close();
    }
  });

  it('an answer that does not come: the connection is closed at the idle timeout, not kept open', async () => {
    // Prefer: delay holds the answer 2.5 s with nothing moving on the connection.
    const s = await sandbox({ idleTimeout: 300 });
    try {
      const { received, closedAfterMs } = await rawExchange(
        s.port,
        `GET ${API_PREFIX}/health HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${FX.keys.all}\r\nPrefer: delay=2500\r\n\r\n`,
      );
      assert.equal(received, '');
      assert.ok(closedAfterMs >= 250 && closedAfterMs < 2_000, `closed after ${Math.round(closedAfterMs)} ms`);
      // The handler still finishes (its answer goes nowhere) before the database closes.
      await new Promise((resolve) => setTimeout(resolve, 2_800 - closedAfterMs));
    } finally {
      await s.close();
    }
  });

  it('an answer that comes before the idle timeout is sent, and an idle keep-alive connection is closed after keepAliveTimeout', async () => {
    const s = await sandbox({ idleTimeout: 3_000, keepAliveTimeout: 300 });
    try {
      const { received, closedAfterMs } = await rawExchange(
        s.port,
        `GET ${API_PREFIX}/health HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${FX.keys.all}\r\nPrefer: delay=200\r\n\r\n`,
      );
      assert.match(received, /^HTTP\/1\.1 200 /);
      assert.match(received, /\r\nConnection: keep-alive\r\n/i);
      assert.ok(closedAfterMs < 2_500, `the idle keep-alive connection closed after ${Math.round(closedAfterMs)} ms`);
    } finally {
      await s.close();
    }
  });

  it('a request sent on a kept-alive connection within its stated time is answered, even when the server stood still past that time', async () => {
    // The answers say Keep-Alive: timeout=5 and the server keeps the connection 15 s. A client in
    // another process sends its second request on the kept-alive connection 2.5 s after the first
    // answer, while this process (the server) stands still for 7 s from when it reads the client's
    // "first answer received" line: an I/O callback, so when it runs again its timers come before
    // the waiting request is read. With the connection kept only as long as stated (5 s), that
    // timer closed it and the client got ECONNRESET for a request it had every right to send.
    const s = await sandbox({});
    try {
      const client = `
        const socket = require('node:net').connect(${s.port}, '127.0.0.1');
        const request = 'GET ${API_PREFIX}/health HTTP/1.1\\r\\nHost: x\\r\\nX-Api-Key: ${FX.keys.all}\\r\\n\\r\\n';
        let received = '';
        const report = (outcome) => {
          console.log(JSON.stringify({ outcome, first: received.split('\\r\\n\\r\\n')[0] }));
          process.exit(0);
        };
        socket.setEncoding('latin1');
        socket.on('connect', () => socket.write(request));
        socket.on('data', (chunk) => {
          const before = received.split('HTTP/1.1 200').length - 1;
          received += chunk;
          const answers = received.split('HTTP/1.1 200').length - 1;
          if (before === 0 && answers === 1) {
            console.log('first');
            setTimeout(() => socket.write(request), 2500);
          } else if (answers === 2) report('answered');
        });
        socket.on('error', (e) => report(e.code ?? e.message));
        socket.on('close', () => report('closed'));`;
      const child = spawn(process.execPath, ['-e', client], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (d.startsWith('first')) {
          const until = Date.now() + 7_000;
          while (Date.now() < until); // the server's event loop standing still, as under heavy load
        }
      });
      await new Promise((resolve) => child.on('exit', resolve));
      const { outcome, first } = JSON.parse(out.trim().split('\n').pop()!) as { outcome: string; first: string };
      assert.match(first, /\r\nKeep-Alive: timeout=5\r\n/i, 'the first answer states 5 s');
      assert.equal(outcome, 'answered');
    } finally {
      await s.close();
    }
  });
});
