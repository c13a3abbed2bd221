/** Path prefix of the door check-in API: bearer-token calls from scanners, outside the visitor session and its CSRF check. */
export const DOOR_API_PREFIX = '/api/door/'
