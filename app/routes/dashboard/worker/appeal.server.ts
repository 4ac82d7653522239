// The appeal of a rejection, as My Submissions and a submission's own page take it: one confirmed action.
import { workerUser } from "~/server/auth/guards.server";
import { confirmAction, type PageArgs } from "~/server/http/page-action.server";
import { fileAppeal } from "~/server/services/appeals.server";
import { appealActionSchema } from "~/lib/schemas/appeals";
import { actionWords } from "./words.server";

export function appealAction(args: PageArgs) {
  const { t } = actionWords(args);
  return confirmAction(args, {
    user: workerUser,
    schema: appealActionSchema,
    failure: () => ({ title: t("appeal.notSent") }),
    async run({ id, reason }, { user, env }) {
      await fileAppeal(env, user, id, reason);
      return { title: t("appeal.sent"), message: t("appeal.sentMessage") };
    },
  });
}
