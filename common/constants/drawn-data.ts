/**
 * The id of the data block a page drawn on the server carries its answers in (decision 116): the
 * server writes it, the browser's first render reads it.
 */
export const DRAWN_DATA_ID = 'drawn-data';
