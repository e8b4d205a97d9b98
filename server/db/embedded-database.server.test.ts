import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/setup/test-database.ts";
import type { DatabaseHandle } from "./client.server.ts";

// The one driver path against whatever answers (decision 0190): the embedded PGlite behind its
// socket in the "pglite" project, PostgreSQL in the "postgres" one.
let handle: DatabaseHandle;
let pool: pg.Pool;

beforeAll(async () => {
  handle = await createTestDatabase();
  pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  await pool.query("create table concurrency_probe (id integer primary key, owner text)");
});

afterAll(async () => {
  await handle.close();
});

/** Holds `count` connections of the pool at once. */
async function connections(count: number): Promise<pg.PoolClient[]> {
  return Promise.all(Array.from({ length: count }, () => pool.connect()));
}

it("answers every connection's parameterised queries with its own rows when they overlap", async () => {
  const held = await connections(6);
  try {
    // Parse/Bind/Execute/Sync batches from six connections at once, 10 rounds each; the even
    // ones bind a large value, so their batch reaches the server in several reads.
    const rounds = await Promise.all(
      held.map(async (connection, index) => {
        const answers: string[] = [];
        for (let round = 0; round < 10; round++) {
          const { rows } =
            index % 2 === 0
              ? await connection.query<{ answer: string }>(
                  "select $1::text || '-' || length($2::text) as answer",
                  [`c${index}`, "x".repeat(200_000 + round)],
                )
              : await connection.query<{ answer: string }>(
                  "select format('%s-%s', $1::text, $2::int) as answer, $3::int as unused",
                  [`c${index}`, round, round],
                );
          answers.push(rows[0]!.answer);
        }
        return answers;
      }),
    );
    rounds.forEach((answers, index) => {
      const expected = Array.from({ length: 10 }, (_, round) =>
        index % 2 === 0 ? `c${index}-${200_000 + round}` : `c${index}-${round}`,
      );
      expect(answers).toEqual(expected);
    });
  } finally {
    held.forEach((connection) => connection.release());
  }
});

it("keeps two concurrent transactions apart: one rolls back, the other commits", async () => {
  const [first, second, reader] = await connections(3);
  try {
    await first!.query("begin");
    await first!.query("insert into concurrency_probe values (1, 'first')");
    const secondDone = (async () => {
      await second!.query("begin");
      await second!.query("insert into concurrency_probe values ($1, $2)", [2, "second"]);
      await second!.query("commit");
    })();
    const seen = reader!.query<{ owners: string[] | null }>(
      "select array_agg(owner order by id) as owners from concurrency_probe",
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      (
        await first!.query<{ owners: string[] }>(
          "select array_agg(owner) as owners from concurrency_probe",
        )
      ).rows[0]!.owners,
    ).toContain("first");
    await first!.query("rollback");
    await secondDone;
    // The reader never sees the rolled-back row.
    expect((await seen).rows[0]!.owners ?? []).not.toContain("first");
    const { rows } = await pool.query("select id, owner from concurrency_probe order by id");
    expect(rows).toEqual([{ id: 2, owner: "second" }]);
  } finally {
    first!.release();
    second!.release();
    reader!.release();
    await pool.query("delete from concurrency_probe");
  }
});

it("rolls back the transaction of a connection that goes away, and serves the others on", async () => {
  const config = pool.options as pg.PoolConfig;
  const lost = new pg.Client({ ...config });
  await lost.connect();
  await lost.query("begin");
  await lost.query("insert into concurrency_probe values (3, 'lost')");
  const waiting = pool.query<{ count: number }>(
    "select count(*)::int as count from concurrency_probe",
  );
  await lost.end();
  expect((await waiting).rows[0]!.count).toBe(0);
  expect((await pool.query("select count(*)::int as count from concurrency_probe")).rows).toEqual([
    { count: 0 },
  ]);
});

it("applies the search threshold on every pooled connection and has pg_trgm and unaccent", async () => {
  const held = await connections(4);
  try {
    const thresholds = await Promise.all(
      held.map(async (connection) => {
        const { rows } = await connection.query<{ threshold: string }>(
          "select current_setting('pg_trgm.word_similarity_threshold') as threshold",
        );
        return rows[0]!.threshold;
      }),
    );
    expect(thresholds).toEqual(["0.5", "0.5", "0.5", "0.5"]);
    // Loaded with PGlite though no migration creates it yet.
    await held[0]!.query("create extension if not exists unaccent");
    const { rows } = await held[0]!.query<{ plain: string; matches: boolean }>(
      "select unaccent('Café Zürich') as plain, 'nerofunk' <% 'Neurofunk' as matches",
    );
    expect(rows).toEqual([{ plain: "Cafe Zurich", matches: true }]);
  } finally {
    held.forEach((connection) => connection.release());
  }
});

describe.runIf(process.env.TEST_DRIVER !== "postgres")("the embedded database", () => {
  it("keeps one connection's Parse…Sync batch whole while another sends its own", async () => {
    // Deterministic: `first` parses, then waits before binding; `second` sends a whole batch
    // meanwhile. The session must stay with `first` until its Sync, or `second`'s Parse
    // replaces the unnamed statement `first` binds (pglite-socket 0.2.17, issue #1046).
    const socketPath = path.join(String((pool.options as pg.PoolConfig).host), ".s.PGSQL.5432");
    const first = await WireConnection.open(socketPath);
    const second = await WireConnection.open(socketPath);
    try {
      first.send(parse("select $1::int * 2 as answer"));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const secondAnswer = second.exchange(
        parse("select $1::text || $2::text as answer"),
        bind(["a", "b"]),
        execute,
        sync,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await first.exchange(bind(["21"]), execute, sync)).toEqual({
        rows: ["42"],
        errors: [],
      });
      expect(await secondAnswer).toEqual({ rows: ["ab"], errors: [] });
    } finally {
      first.close();
      second.close();
    }
  });

  it("runs a long query off this thread: timers keep firing meanwhile", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    try {
      // pg_sleep holds the database for a whole second, however fast the machine is. In this
      // thread it would block the timer for that second (at most a tick or two around it).
      await pool.query("select pg_sleep(1)");
      expect(ticks).toBeGreaterThanOrEqual(10);
    } finally {
      clearInterval(timer);
    }
  });
});

// A bare PostgreSQL wire client: enough of the extended protocol to send a batch in parts.
function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const cstring = (text: string) => Buffer.from(`${text}\0`);
const int16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}
const parse = (text: string) => message("P", cstring(""), cstring(text), int16(0));
const bind = (values: string[]) =>
  message(
    "B",
    cstring(""),
    cstring(""),
    int16(0),
    int16(values.length),
    ...values.flatMap((value) => [int32(Buffer.byteLength(value)), Buffer.from(value)]),
    int16(0),
  );
const execute = message("E", cstring(""), int32(0));
const sync = message("S");

class WireConnection {
  private received = Buffer.alloc(0);
  private waiter: (() => void) | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiter?.();
    });
  }

  static async open(socketPath: string): Promise<WireConnection> {
    const socket = net.connect(socketPath);
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const connection = new WireConnection(socket);
    const startup = Buffer.concat([
      int32(196608),
      cstring("user"),
      cstring("postgres"),
      cstring("database"),
      cstring("postgres"),
      cstring(""),
    ]);
    socket.write(Buffer.concat([int32(startup.length + 4), startup]));
    await connection.untilReady();
    return connection;
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  /** Sends the messages and reads up to ReadyForQuery: the first column of each row, errors. */
  async exchange(...messages: Buffer[]): Promise<{ rows: string[]; errors: string[] }> {
    this.send(...messages);
    const answer = { rows: [] as string[], errors: [] as string[] };
    for (const [type, body] of await this.untilReady()) {
      if (type === "D") answer.rows.push(body.subarray(6, 6 + body.readInt32BE(2)).toString());
      if (type === "E") answer.errors.push(body.toString("latin1"));
    }
    return answer;
  }

  /** The messages received up to and including the next ReadyForQuery. */
  private async untilReady(): Promise<Array<[string, Buffer]>> {
    const messages: Array<[string, Buffer]> = [];
    for (;;) {
      while (
        this.received.length >= 5 &&
        this.received.length >= 1 + this.received.readInt32BE(1)
      ) {
        const length = this.received.readInt32BE(1);
        const type = String.fromCharCode(this.received[0]!);
        messages.push([type, this.received.subarray(5, 1 + length)]);
        this.received = this.received.subarray(1 + length);
        if (type === "Z") return messages;
      }
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  close(): void {
    this.socket.end(message("X"));
  }
}
