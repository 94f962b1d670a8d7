#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
/*
 * libcurl, opened at run time. There is no `link` line: the program must not load libcurl and its
 * tree (TLS, Kerberos, LDAP…) unless an HTTP request is made, and building must not need the curl
 * headers (Debian's libcurl4-openssl-dev). So this header states the few entry points and constants
 * used, as libcurl's public API defines them (curl/curl.h, stable ABI of libcurl.so.4), and
 * ccurl_load opens the library with dlopen the first time a request is made.
 *
 * curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: the typed wrappers
 * below (long, pointer, callback, off_t) cast to the variadic type and pass one argument of the type
 * that option expects.
 */
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef void CURL;
typedef int CURLcode;
typedef int CURLoption;
typedef int CURLINFO;
typedef int64_t curl_off_t;
struct curl_slist;

/* CURLcode values. */
#define CURLE_OK 0
#define CURLE_UNSUPPORTED_PROTOCOL 1
#define CURLE_URL_MALFORMAT 3
#define CURLE_COULDNT_RESOLVE_HOST 6
#define CURLE_COULDNT_CONNECT 7
#define CURLE_WRITE_ERROR 23
#define CURLE_OPERATION_TIMEDOUT 28
#define CURLE_ABORTED_BY_CALLBACK 42
#define CURLE_TOO_MANY_REDIRECTS 47
#define CURLE_UNKNOWN_OPTION 48
#define CURLE_FILESIZE_EXCEEDED 63

/* Options: a type base (long 0, pointer 10000, function 20000, curl_off_t 30000) plus a number. */
#define CURLOPT_WRITEDATA 10001
#define CURLOPT_URL 10002
#define CURLOPT_ERRORBUFFER 10010
#define CURLOPT_WRITEFUNCTION 20011
#define CURLOPT_HTTPHEADER 10023
#define CURLOPT_HEADERDATA 10029
#define CURLOPT_NOPROGRESS 43
#define CURLOPT_POST 47
#define CURLOPT_FOLLOWLOCATION 52
#define CURLOPT_XFERINFODATA 10057
#define CURLOPT_HEADERFUNCTION 20079
#define CURLOPT_HTTPGET 80
#define CURLOPT_NOSIGNAL 99
#define CURLOPT_ACCEPT_ENCODING 10102
#define CURLOPT_TIMEOUT_MS 155
#define CURLOPT_HTTP_CONTENT_DECODING 158
#define CURLOPT_COPYPOSTFIELDS 10165
#define CURLOPT_PROTOCOLS 181
#define CURLOPT_REDIR_PROTOCOLS 182
#define CURLOPT_XFERINFOFUNCTION 20219
#define CURLOPT_SOCKOPTFUNCTION 20148
#define CURLOPT_SOCKOPTDATA 10149
#define CURLOPT_CLOSESOCKETFUNCTION 20208
#define CURLOPT_CLOSESOCKETDATA 10209
#define CURLOPT_MAXFILESIZE_LARGE 30117
#define CURLOPT_POSTFIELDSIZE_LARGE 30120
#define CURLOPT_PROTOCOLS_STR 10318
#define CURLOPT_REDIR_PROTOCOLS_STR 10319

#define CURLPROTO_HTTP 1L
#define CURLPROTO_HTTPS 2L

#define CURLINFO_RESPONSE_CODE 0x200002

#define CURL_GLOBAL_DEFAULT 3L
#define CURL_ERROR_SIZE 256

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*ccurl_xferinfo_callback)(void *context, curl_off_t download_total, curl_off_t download_now,
                                       curl_off_t upload_total, curl_off_t upload_now);
/* curl_sockopt_callback (purpose is a curlsocktype; 0 is CURL_SOCKOPT_OK) and
   curl_closesocket_callback, with curl_socket_t as the int it is on POSIX systems. */
typedef int (*ccurl_sockopt_callback)(void *context, int socket, int purpose);
typedef int (*ccurl_closesocket_callback)(void *context, int socket);

/* The entry points, filled in by ccurl_load and called only through the ccurl_ wrappers below (the
   variadic ones are kept untyped: Swift cannot import a variadic function type). */
typedef struct ccurl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
    void *easy_setopt;  /* CURLcode (*)(CURL *, CURLoption, ...) */
    void *easy_getinfo; /* CURLcode (*)(CURL *, CURLINFO, ...) */
} ccurl_api;

/* Opens the library `name` ("libcurl.so.4") and fills `api`, then initialises libcurl. Returns 0, or
   -1 with a reason in `error` (dlerror's text, or the missing symbol). Call it once per process
   (Swift does, from a lazily initialised global). */
static inline int ccurl_load(ccurl_api *api, const char *name, char *error, size_t error_size) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "%s", reason ? reason : "the library cannot be opened");
        return -1;
    }
#define CCURL_SYMBOL(field, symbol)                                                    \
    *(void **)(&api->field) = dlsym(library, symbol);                                  \
    if (api->field == NULL) {                                                        \
        snprintf(error, error_size, "%s has no %s", name, symbol);                 \
        return -1;                                                                   \
    }
    CCURL_SYMBOL(global_init, "curl_global_init")
    CCURL_SYMBOL(easy_init, "curl_easy_init")
    CCURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    CCURL_SYMBOL(easy_perform, "curl_easy_perform")
    CCURL_SYMBOL(easy_strerror, "curl_easy_strerror")
    CCURL_SYMBOL(slist_append, "curl_slist_append")
    CCURL_SYMBOL(slist_free_all, "curl_slist_free_all")
    CCURL_SYMBOL(easy_setopt, "curl_easy_setopt")
    CCURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
#undef CCURL_SYMBOL
    CURLcode code = api->global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(error, error_size, "curl_global_init failed: %s", api->easy_strerror(code));
        return -1;
    }
    return 0;
}

typedef CURLcode (*ccurl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*ccurl_getinfo_function)(CURL *, CURLINFO, ...);

static inline CURL *ccurl_easy_init(const ccurl_api *api) { return api->easy_init(); }
static inline void ccurl_easy_cleanup(const ccurl_api *api, CURL *handle) { api->easy_cleanup(handle); }
static inline CURLcode ccurl_easy_perform(const ccurl_api *api, CURL *handle) { return api->easy_perform(handle); }
static inline const char *ccurl_easy_strerror(const ccurl_api *api, CURLcode code) {
    const char *text = api->easy_strerror(code);
    return text ? text : "unknown libcurl error";
}
static inline struct curl_slist *ccurl_slist_append(const ccurl_api *api, struct curl_slist *list, const char *line) {
    return api->slist_append(list, line);
}
static inline void ccurl_slist_free_all(const ccurl_api *api, struct curl_slist *list) { api->slist_free_all(list); }

static inline CURLcode ccurl_setopt_long(const ccurl_api *api, CURL *handle, CURLoption option, long value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_pointer(const ccurl_api *api, CURL *handle, CURLoption option, const void *value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_off_t(const ccurl_api *api, CURL *handle, CURLoption option, curl_off_t value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_data_callback(const ccurl_api *api, CURL *handle, CURLoption option, ccurl_data_callback value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_xferinfo_callback(const ccurl_api *api, CURL *handle, ccurl_xferinfo_callback value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode ccurl_setopt_sockopt_callback(const ccurl_api *api, CURL *handle, ccurl_sockopt_callback value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, CURLOPT_SOCKOPTFUNCTION, value);
}

static inline CURLcode ccurl_setopt_closesocket_callback(const ccurl_api *api, CURL *handle, ccurl_closesocket_callback value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, CURLOPT_CLOSESOCKETFUNCTION, value);
}

static inline CURLcode ccurl_getinfo_long(const ccurl_api *api, CURL *handle, CURLINFO info, long *value) {
    return ((ccurl_getinfo_function)api->easy_getinfo)(handle, info, value);
}

#endif
