export * from './category-rules';
export * from './competitor-url-rules';
export * from './csv-columns';
export * from './csv-upload';
export * from './form-check';
export * from './gtin';
export * from './product-rules';
