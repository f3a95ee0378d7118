/**
 * `npm run repair:claims`
 *
 * Releases SKU claims no product holds, category name claims no category holds and competitor URL
 * claims no URL holds (see repairClaims), and folds competitor URL claims of the earlier
 * one-per-URL design into their product's set (decision 60), in the local data (DATA_DIR, default
 * .data; also while `npm start` runs) or in a deployed table when TABLE_NAME is
 * set. Safe while the app serves requests: a claim younger than a minute is left alone.
 */
import { repairClaims } from '@cmp/functions/catalogue/claim-repairs';
import { connectTable } from './connect-table';

/** Well past a route Lambda's 15 s timeout: no write that made an older claim is still going. */
const MIN_CLAIM_AGE_MS = 60_000;

async function main(): Promise<void> {
  const target = await connectTable();
  try {
    const { folded, released, releasedCategories, releasedUrls } = await repairClaims(MIN_CLAIM_AGE_MS);
    if (folded > 0) console.log(`Moved ${folded} competitor URL claim(s) into their product's set.`);
    if (releasedUrls > 0) console.log(`Released ${releasedUrls} competitor URL claim(s) no URL holds.`);
    if (releasedCategories.length > 0)
      console.log(
        `Released ${releasedCategories.length} category name claim(s) no category holds: ${releasedCategories.join(', ')}`,
      );
    console.log(
      released.length === 0
        ? `No stray SKU claims in ${target.description}.`
        : `Released ${released.length} stray SKU claim(s) in ${target.description}: ${released.join(', ')}`,
    );
  } finally {
    await target.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
