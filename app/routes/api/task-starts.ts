import { examples, ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { taskStartWire } from "~/server/http/wire.server";
import { giveBackTask, startTask } from "~/server/services/slots.server";
import { taskStartBody, taskStartQuery, taskStartWireSchema } from "~/lib/schemas/api";
import * as v from "valibot";

export const loader = rest("/task-starts", "Submissions", {
  POST: {
    summary: "Start a task: hold one of its slots for its time allowance",
    description:
      "Takes one open slot of the task for the worker until they submit (POST /submission), give it back (DELETE) or the task's time allowance runs out (then the slot returns to the task). Starting a task already started answers the same hold. 409 without a free slot, past the completion date, or with a pending or approved submission for the task.",
    access: ["Worker"],
    body: taskStartBody,
    responses: [ok(taskStartWireSchema, examples.taskStart, "The held slot", 201)],
    errors: [404, 409],
    handler: async ({ user: worker, body: input, env }) =>
      json(taskStartWire(await startTask(env, worker, input.task_id)), 201),
  },

  DELETE: {
    summary: "Give a started task back",
    description:
      "The slot returns to the task, and nothing is marked against the worker. When the buyer has raised the task's pay since the start, the slot's coins go back to the buyer instead and the slot stays closed.",
    access: ["Worker"],
    query: taskStartQuery,
    responses: [ok(v.strictObject({ deletedCount: v.literal(1) }), { deletedCount: 1 })],
    errors: [404, 409],
    handler: async ({ user: worker, query: q, env }) => {
      await giveBackTask(env, worker, q.task_id);
      return json({ deletedCount: 1 });
    },
  },
});
export const action = loader;
