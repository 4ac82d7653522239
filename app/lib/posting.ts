// How posting answers (docs/product/messages.md, "Posting tasks"): Add Task and Post Tasks from a CSV say what was
// posted, and what a posting the balance cannot pay lacks, in the same words, for one task or many.
import { formatCoins, formatCount } from "./format";

/** The product's words for a posting over the balance (two spaces included). */
export const NOT_AVAILABLE_COIN = "Not available Coin.  Purchase Coin";

/** "This task costs" / "These 3 tasks cost" */
const tasksCost = (tasks: number) => (tasks === 1 ? "This task costs" : `These ${formatCount(tasks)} tasks cost`);

/** A posting the balance cannot pay: "This task costs 50 coins and your balance is 20 coins: you need 30 coins more." */
export const shortOfCoinsWords = (tasks: number, cost: number, balance: number) =>
  `${tasksCost(tasks)} ${formatCoins(cost)} and your balance is ${formatCoins(balance)}: you need ${formatCoins(cost - balance)} more.`;

/** A posting made: "Task Posted!", "“Title” is live: 50 coins are held in escrow." (or "3 tasks are live: …"). */
export function postedWords(p: { tasks: number; title?: string; coins: number }) {
  const live =
    p.tasks === 1 && p.title ? `“${p.title}” is` : `${formatCount(p.tasks)} ${p.tasks === 1 ? "task is" : "tasks are"}`;
  return {
    title: p.tasks === 1 ? "Task Posted!" : "Tasks Posted!",
    message: `${live} live: ${formatCoins(p.coins)} ${p.coins === 1 ? "is" : "are"} held in escrow.`,
  };
}
