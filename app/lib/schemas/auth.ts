import * as v from "valibot";
import { email, imageUrl, optionalText, requiredText } from "./fields";

/** What an e-mailed link that no longer works says (used, expired, or never sent). */
export const LINK_NOT_VALID = "This link has expired or was already used.";

/** The refusal of every money action before the account's address is verified (and the dashboard banner's title). */
export const VERIFY_EMAIL_FIRST = "Verify your email address first.";

/** The rules of a new password, as the forms say them under the field. */
export const PASSWORD_HINT = "At least 6 characters, with a capital letter and one of !@#$%^&*";

export const PASSWORD_RULE = /^(?=.*[A-Z])(?=.*[!@#$%^&*]).+$/;

/** A password someone chooses (registration, reset, change): the spec's rules and words. */
const newPassword = () =>
  v.pipe(
    v.string("Password is required"),
    v.nonEmpty("Password is required"),
    v.minLength(6, "Minimum 6 characters"),
    v.maxLength(200, "At most 200 characters"),
    v.regex(PASSWORD_RULE, "1 capital and 1 special character needed"),
  );

/** A password someone types to prove who they are (login, the settings' current password). */
const typedPassword = (requiredMessage: string) =>
  v.pipe(v.string(requiredMessage), v.nonEmpty(requiredMessage), v.maxLength(200));

export const loginSchema = v.object({
  email: email(),
  password: typedPassword("Password is required"),
  redirectTo: optionalText(500),
});

export const registerSchema = v.object({
  name: requiredText("Name is required", 80),
  email: email(),
  password: newPassword(),
  role: v.picklist(["Worker", "Buyer"], "Select a role"),
  photo: imageUrl,
});
export type RegisterInput = v.InferOutput<typeof registerSchema>;

/** The register page: the account, and the page to return to once it exists (as the login page keeps it). */
export const registerFormSchema = v.object({ ...registerSchema.entries, redirectTo: optionalText(500) });

/** "Forgot password?" (the page and POST /auth/forgot). */
export const forgotPasswordSchema = v.object({ email: email() });

/** The reset page (its token is the link's) and POST /auth/reset. */
export const resetPasswordSchema = v.object({
  token: v.pipe(v.string(LINK_NOT_VALID), v.nonEmpty(LINK_NOT_VALID), v.maxLength(200, LINK_NOT_VALID)),
  password: newPassword(),
});

/** Settings: the name (the photo travels as the form's upload). */
export const profileSchema = v.object({ name: requiredText("Name is required", 80) });

/** Settings: a new password, after the current one. */
export const changePasswordSchema = v.object({
  currentPassword: typedPassword("Enter your current password"),
  password: newPassword(),
});

/** Settings: a new address (the current password is asked when the account has one). */
export const changeEmailSchema = v.object({
  email: email(),
  currentPassword: optionalText(200),
});
export type ChangeEmailInput = v.InferOutput<typeof changeEmailSchema>;
