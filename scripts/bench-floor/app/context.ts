import { createContext } from "react-router";

/** The floor's local D1, for the `/shape` page. */
export const databaseContext = createContext<D1Database>();
