export { type Contract, contract, type RouteId } from './contract';
export { openApiDocumentSchema } from './meta';
export { type ProductImportPreview, productImportPreviewSchema } from './products';
export * from './route';
export { API_BASE, routeRequest } from './route-path';
export type * from './route-types';
export {
  type ScraperSchedule,
  type ScraperScheduleInput,
  scraperScheduleInputSchema,
  scraperScheduleSchema,
} from './scraper';
