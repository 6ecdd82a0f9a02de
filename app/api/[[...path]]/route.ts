// ANY /api/* – JSON not_found for every path under /api that no route serves
import { unknownPathResponse } from "@/lib/api/unknown-path";

export const dynamic = "force-dynamic";

export {
  unknownPathResponse as GET,
  unknownPathResponse as HEAD,
  unknownPathResponse as POST,
  unknownPathResponse as PUT,
  unknownPathResponse as PATCH,
  unknownPathResponse as DELETE,
  unknownPathResponse as OPTIONS,
};
