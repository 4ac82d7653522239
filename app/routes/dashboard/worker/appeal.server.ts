// The appeal of a rejection, as My Submissions and a submission's own page take it: one confirmed action.
import { workerUser } from "~/server/auth/guards.server";
import { confirmAction, type PageArgs } from "~/server/http/page-action.server";
import { fileAppeal } from "~/server/services/appeals.server";
import { appealActionSchema } from "~/lib/schemas/appeals";

export const appealAction = (args: PageArgs) =>
  confirmAction(args, {
    user: workerUser,
    schema: appealActionSchema,
    failure: () => ({ title: "Appeal not sent" }),
    async run({ id, reason }, { user, env }) {
      await fileAppeal(env, user, id, reason);
      return {
        title: "Appeal sent",
        message: "An admin will review the rejection. You will be notified of the decision.",
      };
    },
  });
