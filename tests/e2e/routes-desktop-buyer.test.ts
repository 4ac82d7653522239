// Every page route the demo buyer opens, at 1440 px (the walk itself is in route-walk.ts).
import { walkEveryRoute } from "./route-walk";

walkEveryRoute("desktop", "buyer");
