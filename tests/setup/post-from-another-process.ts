import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * POSTs a body of `bytes` bytes to `url` with fetch (undici), `times` times one after another,
 * from a child process, and tells for each what fetch got: "413 Die Anfrage ist zu groß." or
 * "error EPIPE". Another process, because a client in the server's own process never races it:
 * a server that closes a connection with unread bytes resets it, and only a client running
 * beside it may still be writing then and lose the answer to EPIPE. 6 MiB is more than the
 * loopback's socket buffers take, so the client is still writing when the answer comes.
 */
export async function postFromAnotherProcess(
  url: string,
  { contentType, bytes, times }: { contentType: string; bytes: number; times: number },
): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--input-type=module", "-e", clientScript, url, contentType, String(bytes), String(times)],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout) as string[];
}

const clientScript = `
const [url, contentType, bytes, times] = process.argv.slice(1);
const body = new Uint8Array(Number(bytes)).fill(120);
const answers = [];
for (let i = 0; i < Number(times); i++) {
  try {
    const response = await fetch(url, { method: "POST", headers: { "content-type": contentType }, body });
    answers.push(response.status + " " + (await response.text()));
  } catch (error) {
    answers.push("error " + (error.cause?.code ?? error.cause?.message ?? error.message));
  }
}
console.log(JSON.stringify(answers));
`;
