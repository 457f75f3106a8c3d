/** Whether a request URL is the JSON API's (spec's `/api/…` and `/auth/…` calls, and the health check). */
export const isApiPath = (url: string) => /^\/(api|auth|health)(\/|\?|$)/.test(url);
