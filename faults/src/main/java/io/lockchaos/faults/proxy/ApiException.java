package io.lockchaos.faults.proxy;

import io.lockchaos.history.LockchaosException;

/**
 * A request the Toxiproxy API refuses, with the HTTP status and the message Toxiproxy would give
 * ({@code {"error": message, "status": status}} on the wire).
 */
final class ApiException extends LockchaosException {
    private final int status;

    ApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    ApiException(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    int status() {
        return status;
    }

    static ApiException badRequestBody(String detail) {
        return new ApiException(400, "bad request body: " + detail);
    }

    static ApiException missingField(String field) {
        return new ApiException(400, "missing required field: " + field);
    }

    static ApiException proxyNotFound() {
        return new ApiException(404, "proxy not found");
    }

    static ApiException proxyAlreadyExists() {
        return new ApiException(409, "proxy already exists");
    }

    static ApiException invalidStream() {
        return new ApiException(400, "stream was invalid, can be either upstream or downstream");
    }

    static ApiException invalidToxicType() {
        return new ApiException(400, "invalid toxic type");
    }

    static ApiException toxicAlreadyExists() {
        return new ApiException(409, "toxic already exists");
    }

    static ApiException toxicNotFound() {
        return new ApiException(404, "toxic not found");
    }
}
