// Every page route a visitor opens, at 1440 px (the walk itself is in route-walk.ts).
import { walkEveryRoute } from "./route-walk";

walkEveryRoute("desktop", "anonymous");
