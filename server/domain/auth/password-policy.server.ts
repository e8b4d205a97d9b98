import { ValidationError } from "#server/domain/errors.ts";
import { isCommonPassword } from "./common-passwords.server.ts";

const commonPasswordMessage =
  "Dieses Passwort gehört zu den 10.000 häufigsten und ist leicht zu erraten. Bitte wähle ein anderes.";

/**
 * The server's part of the password rules; the length rule lives in the shared form schema
 * (common/schemas/account.ts). No composition rules (NIST SP 800-63B).
 */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) throw new ValidationError({ [field]: [commonPasswordMessage] });
}
