// Parsing as the app's forms do: conform's parseWithValibot on FormData, where an empty field arrives as "".
import { parseWithValibot } from "@conform-to/valibot";
import type { GenericSchema } from "valibot";

export function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** The message under each refused field (a field shows its first), {} when the form is accepted. */
export function formErrors(schema: GenericSchema, fields: Record<string, string>): Record<string, string> {
  const errors = parseWithValibot(formData(fields), { schema }).reply().error ?? {};
  return Object.fromEntries(Object.entries(errors).flatMap(([name, list]) => (list?.length ? [[name, list[0]]] : [])));
}

/** The parsed value of an accepted form; throws with the messages otherwise. */
export function formValue<S extends GenericSchema>(schema: S, fields: Record<string, string>) {
  const submission = parseWithValibot(formData(fields), { schema });
  if (submission.status !== "success") throw new Error(`refused: ${JSON.stringify(submission.error)}`);
  return submission.value;
}
