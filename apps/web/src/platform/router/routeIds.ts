/**
 * Id of the basic-layout route the menu routes are added under; the multi-tab bar opens a tab
 * for each navigation that lands inside it.
 */
export const APP_ROUTE_ID = 'app';
