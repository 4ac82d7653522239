import * as v from "valibot";
import { said } from "../i18n/validation";
import { email, optionalText, requiredText } from "./fields";

export const contactSchema = v.object({
  name: requiredText(said("name.required", "Name is required"), 120),
  email: email(),
  subject: optionalText(200),
  message: optionalText(4000),
});
