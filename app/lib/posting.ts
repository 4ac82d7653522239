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
