// Every page route the demo admin opens, at 390 px (the walk itself is in route-walk.ts).
import { walkEveryRoute } from "./route-walk";

walkEveryRoute("phone", "admin");
