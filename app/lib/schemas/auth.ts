import * as v from "valibot";
import { said, type Message } from "../i18n/validation";
import { email, imageUrl, optionalText, requiredText } from "./fields";
import { isCountry } from "../countries";

export const COUNTRY_NOT_LISTED = "Choose your country from the list";

/**
 * The country a worker lives in (ISO 3166-1 alpha-2): tasks open to some countries only (MTurk's Locale) are
 * matched against it. Optional: without it such tasks stay closed to them, saying why.
 */
const notListed = said("country.notListed", COUNTRY_NOT_LISTED);
const country = v.optional(v.pipe(v.string(notListed), v.trim(), v.toUpperCase(), v.check(isCountry, notListed)));

/** What an e-mailed link that no longer works says (used, expired, or never sent). */
export const LINK_NOT_VALID = "This link has expired or was already used.";

/** The refusal of every money action before the account's address is verified (and the dashboard banner's title). */
export const VERIFY_EMAIL_FIRST = "Verify your email address first.";

/** The length a new password needs (ASVS); nothing is asked of its characters. */
export const PASSWORD_MIN_LENGTH = 12;

/** The rule of a new password, as the forms say it under the field. */
export const PASSWORD_HINT = "At least 12 characters. A few unrelated words make a strong password.";

export const PASSWORD_TOO_SHORT = "At least 12 characters";

/** A new password on the list of common ones, or close to one (checked on the server: password-rule.server.ts). */
export const PASSWORD_TOO_COMMON =
  "This password is too common or too easy to guess. Try a few unrelated words instead.";

/**
 * A password someone chooses (registration, reset, change): its length here, in the browser too; that it is not a
 * common password, on the server.
 */
const passwordRequired = said("password.required", "Password is required");
const newPassword = () =>
  v.pipe(
    v.string(passwordRequired),
    v.nonEmpty(passwordRequired),
    v.minLength(PASSWORD_MIN_LENGTH, said("password.tooShort", PASSWORD_TOO_SHORT)),
    v.maxLength(200, said("text.atMost", "At most 200 characters", { max: 200 })),
  );

/** A password someone types to prove who they are (login, the settings' current password). */
const typedPassword = (requiredMessage: Message) =>
  v.pipe(v.string(requiredMessage), v.nonEmpty(requiredMessage), v.maxLength(200));

export const loginSchema = v.object({
  email: email(),
  password: typedPassword(passwordRequired),
  redirectTo: optionalText(500),
});

const nameRequired = said("name.required", "Name is required");

export const registerSchema = v.object({
  name: requiredText(nameRequired, 80),
  email: email(),
  password: newPassword(),
  role: v.picklist(["Worker", "Buyer"], said("role.select", "Select a role")),
  photo: imageUrl,
  country,
});
export type RegisterInput = v.InferOutput<typeof registerSchema>;

/** The register page: the account, and the page to return to once it exists (as the login page keeps it). */
export const registerFormSchema = v.object({ ...registerSchema.entries, redirectTo: optionalText(500) });

/** "Forgot password?" (the page and POST /auth/forgot). */
export const forgotPasswordSchema = v.object({ email: email() });

/** The secret of an e-mailed link, posted back by the page it opened. */
const linkNotValid = said("link.notValid", LINK_NOT_VALID);
const linkToken = () => v.pipe(v.string(linkNotValid), v.nonEmpty(linkNotValid), v.maxLength(200, linkNotValid));

/** The reset page (its token is the link's) and POST /auth/reset. */
export const resetPasswordSchema = v.object({ token: linkToken(), password: newPassword() });

/** The verification page's button: confirms the address (or address change) its link is for. */
export const confirmLinkSchema = v.object({ token: linkToken() });

/** Settings: the name and country (the photo travels as the form's upload). */
export const profileSchema = v.object({ name: requiredText(nameRequired, 80), country });

export const ENTER_CURRENT_PASSWORD = "Enter your current password";

/** Settings: a new password, after the current one. */
export const changePasswordSchema = v.object({
  currentPassword: typedPassword(said("password.current", ENTER_CURRENT_PASSWORD)),
  password: newPassword(),
});

/** Settings: a new address (the current password is asked when the account has one). */
export const changeEmailSchema = v.object({
  email: email(),
  currentPassword: optionalText(200),
});
export type ChangeEmailInput = v.InferOutput<typeof changeEmailSchema>;

/** Closing one's account: the current password, or (an account without one) the e-mail address typed out. */
export const closeAccountSchema = v.object({
  currentPassword: optionalText(200),
  confirmEmail: optionalText(254),
});
export type CloseAccountInput = v.InferOutput<typeof closeAccountSchema>;
