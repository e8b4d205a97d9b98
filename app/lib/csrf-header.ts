/** The header that carries the csrftoken cookie's value on the site's own API writes. */
export const CSRF_HEADER_NAME = "X-CSRFToken";
