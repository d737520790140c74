/** Before each unit test: the provider remembers nothing from an earlier one, as a new provider process. */
import { forgetListingReads } from "../../src/client/listing-reads";
import { processMemory } from "../../src/provider/core/process-memory";

beforeEach(() => {
  processMemory.forget();
  forgetListingReads();
});
