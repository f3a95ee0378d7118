import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PricePin } from '@cmp/shared';
import { catalogueWrite } from './catalogue-write';
import { competitorUrlKey } from './competitor-url-key';
import { conditionHeld, db, tableName } from './dynamo';

/**
 * A person's pin of the price on a competitor page (docs/rules.md#price-pins), on the URL's item
 * beside its price state: what the API shows of it, and the locator later checks read first.
 */
export interface PricePinRecord extends PricePin {
  /** Where the price sits (scrape/extract/price-candidates.ts locatorOf). */
  locator: string;
}

/**
 * Sets or removes the URL's pin; false when the URL no longer exists. Moves the catalogue version:
 * the lists show the pin at once.
 */
export function writePricePin(urlId: number, pin: PricePinRecord | null): Promise<boolean> {
  return conditionHeld(
    catalogueWrite(
      () =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: competitorUrlKey(urlId),
            UpdateExpression: pin ? 'SET price_pin = :pin' : 'REMOVE price_pin',
            ConditionExpression: 'attribute_exists(PK)',
            ...(pin ? { ExpressionAttributeValues: { ':pin': pin } } : {}),
          }),
        ),
      {},
      { kind: 'urls', id: urlId },
    ),
  );
}
