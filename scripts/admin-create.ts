// `npm run admin:create -- EMAIL`: makes the account of EMAIL an admin, or creates an admin
// account for it (asking for its password: hidden at a terminal, else the first line of stdin).
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import {
  adminAccountState,
  createOrPromoteAdmin,
  type AdminGrant,
} from "#server/domain/accounts/admin-accounts.server.ts";
import { ValidationError } from "#server/domain/errors.ts";
import { runOperatorCommand } from "./operator-command.ts";
import { passwordIsTyped, readPassword } from "./read-password.ts";

const outcomes: Record<AdminGrant, (email: string) => string> = {
  created: (email) => `Admin-Konto für ${email} angelegt. Du kannst Dich jetzt damit anmelden.`,
  promoted: (email) => `Das Konto ${email} ist jetzt Admin; sein Passwort bleibt.`,
  already_admin: (email) => `Das Konto ${email} ist schon Admin. Nichts geändert.`,
};

async function askNewPassword(): Promise<string> {
  const password = await readPassword("Passwort für das neue Admin-Konto: ");
  if (passwordIsTyped() && (await readPassword("Passwort wiederholen: ")) !== password) {
    throw new ValidationError({ password: ["Die Passwörter stimmen nicht überein."] });
  }
  return password;
}

async function main(args: string[]): Promise<number> {
  const email = args[0]?.trim();
  if (!email || args.length !== 1) {
    console.error("Aufruf: npm run admin:create -- E-MAIL-ADRESSE");
    return 2;
  }
  const { deps, database, close } = await createDeps(loadConfig(), { joinRunningSite: true });
  try {
    await database.migrate();
    const state = await adminAccountState(deps, { email });
    const password = state === "none" ? await askNewPassword() : undefined;
    console.info(outcomes[await createOrPromoteAdmin(deps, { email, password })](email));
    return 0;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const [field, fieldMessages] of Object.entries(error.fieldErrors)) {
      const label = field === "email" ? "E-Mail-Adresse" : "Passwort";
      console.error(`${label}: ${fieldMessages.join(" ")}`);
    }
    return 1;
  } finally {
    await close();
  }
}

await runOperatorCommand(() => main(process.argv.slice(2)));
