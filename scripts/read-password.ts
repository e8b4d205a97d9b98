/**
 * Reads a password for a command-line script: typed at a terminal without echo, or the first
 * line of standard input when it is a pipe or a file (scripts, tests).
 */
export async function readPassword(prompt: string): Promise<string> {
  return process.stdin.isTTY ? readHiddenLine(prompt) : readFirstLine();
}

/** Whether passwords come from a person at a terminal (then they are asked twice). */
export function passwordIsTyped(): boolean {
  return Boolean(process.stdin.isTTY);
}

let pipedLines: Promise<string[]> | undefined;

async function readFirstLine(): Promise<string> {
  pipedLines ??= (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").split(/\r?\n/);
  })();
  return (await pipedLines).shift() ?? "";
}

const ENTER = new Set(["\r", "\n"]);
const BACKSPACE = new Set(["\u007f", "\b"]);
const CTRL_C = "\u0003";
const CTRL_D = "\u0004";

function readHiddenLine(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (outcome: () => void) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write("\n");
      outcome();
    };
    const onData = (input: string) => {
      for (const character of input) {
        if (ENTER.has(character)) return finish(() => resolve(typed));
        if (character === CTRL_C || character === CTRL_D) {
          return finish(() => reject(new Error("Abgebrochen.")));
        }
        if (BACKSPACE.has(character)) typed = [...typed].slice(0, -1).join("");
        else typed += character;
      }
    };
    stdin.on("data", onData);
  });
}
