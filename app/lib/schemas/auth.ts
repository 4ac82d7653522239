import * as v from "valibot";
import { email, imageUrl, optionalText, requiredText } from "./fields";

export const PASSWORD_RULE = /^(?=.*[A-Z])(?=.*[!@#$%^&*]).+$/;

export const loginSchema = v.object({
  email: email(),
  password: v.pipe(v.string("Password is required"), v.nonEmpty("Password is required"), v.maxLength(200)),
  redirectTo: optionalText(500),
});

export const registerSchema = v.object({
  name: requiredText("Name is required", 80),
  email: email(),
  password: v.pipe(
    v.string("Password is required"),
    v.nonEmpty("Password is required"),
    v.minLength(6, "Minimum 6 characters"),
    v.maxLength(200, "At most 200 characters"),
    v.regex(PASSWORD_RULE, "1 capital and 1 special character needed"),
  ),
  role: v.picklist(["Worker", "Buyer"], "Select a role"),
  photo: imageUrl,
});
export type RegisterInput = v.InferOutput<typeof registerSchema>;
