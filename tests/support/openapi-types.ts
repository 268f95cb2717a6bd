// Made by `npm run openapi` from docs/openapi.json with openapi-typescript: do not edit.

export interface paths {
    "/employers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an employer
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["employers.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/employers/list/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every employer the caller can see, by id and name
         * @description An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["employers.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/employers/summaries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every employer the caller can see, with its plan counts
         * @description PlanDesk's own (its employer list). With `limit` (and `offset`) one window of them, as DRF's limit/offset pagination answers; without, all of them by name. PlanDesk's own, for its screens and tools: the hosted service does not have it.
         */
        get: operations["employers.summaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/employers/{employerID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an employer
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the Employee Benefits Partner Service 2.2.1.
         */
        get: operations["employers.read"];
        /**
         * Replace an employer
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the Employee Benefits Partner Service 2.2.1.
         */
        put: operations["employers.replace"];
        post?: never;
        /**
         * Delete an employer and its plans
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["employers.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/employers/{employerID}/plans/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An employer's plans of every kind
         * @description PlanDesk's own (the employer's page): newest plan year first. PlanDesk's own, for its screens and tools: the hosted service does not have it.
         */
        get: operations["employers.plans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/medical/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan (medical)
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["plans.medical.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/dental/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan (dental)
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["plans.dental.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/vision/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan (vision)
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["plans.vision.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/basiclife/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan (basiclife)
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["plans.basiclife.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/voluntarylife/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan (voluntarylife)
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["plans.voluntarylife.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/std/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan (std)
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["plans.std.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/ltd/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan (ltd)
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["plans.ltd.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/stoploss/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan (stoploss)
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["plans.stoploss.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/supplemental/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan (supplemental)
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["plans.supplemental.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/medical/{planID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan (medical)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["plans.medical.read"];
        /**
         * Replace a plan (medical)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["plans.medical.replace"];
        post?: never;
        /**
         * Delete a plan (medical)
         * @description Only records in the divisions the caller holds; any other id answers 404. A plan that another plan was renewed or converted from answers 409 while that plan exists. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["plans.medical.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/dental/{planID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan (dental)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["plans.dental.read"];
        /**
         * Replace a plan (dental)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["plans.dental.replace"];
        post?: never;
        /**
         * Delete a plan (dental)
         * @description Only records in the divisions the caller holds; any other id answers 404. A plan that another plan was renewed or converted from answers 409 while that plan exists. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["plans.dental.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/vision/{planID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan (vision)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["plans.vision.read"];
        /**
         * Replace a plan (vision)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["plans.vision.replace"];
        post?: never;
        /**
         * Delete a plan (vision)
         * @description Only records in the divisions the caller holds; any other id answers 404. A plan that another plan was renewed or converted from answers 409 while that plan exists. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["plans.vision.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/basiclife/{planID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan (basiclife)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["plans.basiclife.read"];
        /**
         * Replace a plan (basiclife)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["plans.basiclife.replace"];
        post?: never;
        /**
         * Delete a plan (basiclife)
         * @description Only records in the divisions the caller holds; any other id answers 404. A plan that another plan was renewed or converted from answers 409 while that plan exists. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["plans.basiclife.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/voluntarylife/{planID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan (voluntarylife)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["plans.voluntarylife.read"];
        /**
         * Replace a plan (voluntarylife)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["plans.voluntarylife.replace"];
        post?: never;
        /**
         * Delete a plan (voluntarylife)
         * @description Only records in the divisions the caller holds; any other id answers 404. A plan that another plan was renewed or converted from answers 409 while that plan exists. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["plans.voluntarylife.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/std/{planID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan (std)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["plans.std.read"];
        /**
         * Replace a plan (std)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["plans.std.replace"];
        post?: never;
        /**
         * Delete a plan (std)
         * @description Only records in the divisions the caller holds; any other id answers 404. A plan that another plan was renewed or converted from answers 409 while that plan exists. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["plans.std.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/ltd/{planID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan (ltd)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["plans.ltd.read"];
        /**
         * Replace a plan (ltd)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["plans.ltd.replace"];
        post?: never;
        /**
         * Delete a plan (ltd)
         * @description Only records in the divisions the caller holds; any other id answers 404. A plan that another plan was renewed or converted from answers 409 while that plan exists. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["plans.ltd.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/stoploss/{planID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan (stoploss)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["plans.stoploss.read"];
        /**
         * Replace a plan (stoploss)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["plans.stoploss.replace"];
        post?: never;
        /**
         * Delete a plan (stoploss)
         * @description Only records in the divisions the caller holds; any other id answers 404. A plan that another plan was renewed or converted from answers 409 while that plan exists. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["plans.stoploss.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plans/supplemental/{planID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a plan (supplemental)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["plans.supplemental.read"];
        /**
         * Replace a plan (supplemental)
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["plans.supplemental.replace"];
        post?: never;
        /**
         * Delete a plan (supplemental)
         * @description Only records in the divisions the caller holds; any other id answers 404. A plan that another plan was renewed or converted from answers 409 while that plan exists. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["plans.supplemental.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a user
         * @description Admins only. An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["users.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/list/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every user of the caller's account
         * @description Admins only. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["users.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/summaries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every user of the caller's account, with the admin role
         * @description PlanDesk's own (its user screens). Admins only. PlanDesk's own, for its screens and tools: the hosted service does not have it.
         */
        get: operations["users.summaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/byEmail/{email}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user by e-mail
         * @description A user may read their own record; any other is for admins. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["users.byEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{userID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user
         * @description A user may read their own record; any other is for admins. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["users.read"];
        /**
         * Replace a user
         * @description Admins only. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["users.replace"];
        post?: never;
        /**
         * Delete a user
         * @description Admins only. Nobody can delete themselves (409). An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["users.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{userID}/role/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Grant or withdraw the admin role
         * @description PlanDesk's own: the API has no such field. Admins only. Admins cannot withdraw their own role (409). PlanDesk's own, for its screens and tools: the hosted service does not have it.
         */
        put: operations["users.setRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/divisions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a division
         * @description Admins only. An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["divisions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/divisions/list/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The divisions the caller holds
         * @description An operation of the Employee Benefits Partner Service 2.2.1.
         */
        get: operations["divisions.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/divisions/byEmployer/{employerID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An employer's division
         * @description Only records in the divisions the caller holds; any other id answers 404. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["divisions.byEmployer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/divisions/{divisionID}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a division
         * @description Only a division the caller holds. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["divisions.read"];
        /**
         * Replace a division
         * @description Admins only. It must keep listing the employers it holds: an employer moves by being placed in another division. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        put: operations["divisions.replace"];
        post?: never;
        /**
         * Delete a division
         * @description Admins only. A division that still holds employers answers 409. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        delete: operations["divisions.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/divisions/{divisionID}/addUser/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a user to a division
         * @description Admins only. An operation of the Employee Benefits Partner Service 2.2.1.
         */
        post: operations["divisions.addUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/divisions/{divisionID}/removeUser/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a user from a division
         * @description Admins only. An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        post: operations["divisions.removeUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/filters/list/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's filters
         * @description An operation of the service's older public edition, beyond 2.2.1, which the hosted service also answers.
         */
        get: operations["filters.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/changes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What changed since a cursor, or everything, in pages
         * @description Without `since`, a listing of every record the caller can see, in pages; with the `next` of an earlier page, the changes since. Ask again at once with `since=next` while `complete` is false. PlanDesk's sync extension (`GET /capabilities/` announces it): the hosted service does not have it.
         */
        get: operations["changes.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batch/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Many writes in one request
         * @description Each operation is answered exactly as a single request would be, in order, each in its own savepoint of one commit; a failed operation changes nothing and leaves the others alone. The batch takes no Idempotency-Key header of its own (400): each operation has its `idempotency_key`. PlanDesk's sync extension (`GET /capabilities/` announces it): the hosted service does not have it.
         */
        post: operations["batch.apply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capabilities/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What this server offers beyond 2.2.1, and its limits
         * @description PlanDesk's sync extension (`GET /capabilities/` announces it): the hosted service does not have it.
         */
        get: operations["capabilities.read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/schema/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description The OpenAPI document of what this server serves. No token needed. PlanDesk's own: the hosted service does not have it.
         */
        get: operations["schema.read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process answers
         * @description 200 while the process runs; it asks nothing of the database. No token needed. PlanDesk's own: the hosted service does not have it.
         */
        get: operations["health.read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database answers and its migrations are current
         * @description 200 when the database answers (within 2 seconds) and holds exactly this server's migrations; 503 with the reason in one sentence otherwise. No token needed. PlanDesk's own: the hosted service does not have it.
         */
        get: operations["readiness.read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The server's metrics, in Prometheus's text format
         * @description Only when `plandesk serve` runs with `--metrics` (404 otherwise): requests by method, route template and status, their latency, 503 answers, writes per group commit and, on PostgreSQL, the connections' use. No token needed. PlanDesk's own: the hosted service does not have it.
         */
        get: operations["metrics.read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Employer: {
            /**
             * Employer name
             * @description Unique employer name. One record per employer.
             */
            name: string;
            /**
             * Web address
             * @description Unique web address; starts with 'https://' or 'http://'.
             */
            url: string;
            /**
             * Eligible employees
             * @description Number of full-time eligible employees.
             */
            size: string;
            /**
             * NAICS codes
             * @description Up to 4 six-digit industry codes of the 2017 NAICS.
             */
            naics_codes: string[];
            /**
             * States
             * @description States where the employer has employees; Washington, DC is DC.
             */
            location_states: ("AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY")[];
            /**
             * Filters
             * @description Filters such as 'Government Contractor' or 'Non-Profit Organization'; none is fine.
             */
            other_filters: string[];
            /**
             * Division
             * @description Division the employer belongs to; only its users can see the employer.
             */
            division: string;
            id: string;
            account: string;
            plans: {
                /** @enum {string} */
                benefit: "medical" | "dental" | "vision" | "basiclife" | "voluntarylife" | "std" | "ltd" | "stoploss" | "supplemental";
                id: string;
            }[];
            plans_expired: {
                /** @enum {string} */
                benefit: "medical" | "dental" | "vision" | "basiclife" | "voluntarylife" | "std" | "ltd" | "stoploss" | "supplemental";
                id: string;
            }[];
            /** Format: date-time */
            created_at: string;
            created_by: string;
            /** Format: date-time */
            updated_at: string;
            updated_by: string;
        };
        EmployerInput: {
            /**
             * Employer name
             * @description Unique employer name. One record per employer.
             */
            name: string;
            /**
             * Web address
             * @description Unique web address; starts with 'https://' or 'http://'.
             */
            url: string;
            /**
             * Eligible employees
             * @description Number of full-time eligible employees.
             */
            size: string;
            /**
             * NAICS codes
             * @description Up to 4 six-digit industry codes of the 2017 NAICS.
             */
            naics_codes: string[];
            /**
             * States
             * @description States where the employer has employees; Washington, DC is DC.
             */
            location_states: ("AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY")[];
            /**
             * Filters
             * @description Filters such as 'Government Contractor' or 'Non-Profit Organization'; none is fine.
             */
            other_filters: string[];
            /**
             * Division
             * @description Division the employer belongs to; only its users can see the employer.
             */
            division: string;
        };
        EmployerSummary: {
            /**
             * Employer name
             * @description Unique employer name. One record per employer.
             */
            name: string;
            /**
             * Web address
             * @description Unique web address; starts with 'https://' or 'http://'.
             */
            url: string;
            /**
             * Eligible employees
             * @description Number of full-time eligible employees.
             */
            size: string;
            /**
             * NAICS codes
             * @description Up to 4 six-digit industry codes of the 2017 NAICS.
             */
            naics_codes: string[];
            /**
             * States
             * @description States where the employer has employees; Washington, DC is DC.
             */
            location_states: ("AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY")[];
            /**
             * Filters
             * @description Filters such as 'Government Contractor' or 'Non-Profit Organization'; none is fine.
             */
            other_filters: string[];
            /**
             * Division
             * @description Division the employer belongs to; only its users can see the employer.
             */
            division: string;
            id: string;
            plan_count: number;
            expired_plan_count: number;
        };
        EmployerSummaryPage: {
            count: number;
            next: string | null;
            previous: string | null;
            results: {
                name: string;
                url: string;
                size: string;
                naics_codes: string[];
                location_states: ("AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY")[];
                other_filters: string[];
                division: string;
                id: string;
                plan_count: number;
                expired_plan_count: number;
            }[];
        };
        EmployerPlanSummary: {
            /** @enum {string} */
            benefit: "medical" | "dental" | "vision" | "basiclife" | "voluntarylife" | "std" | "ltd" | "stoploss" | "supplemental";
            id: string;
            title: string;
            carrier: string;
            start_date: string;
            end_date: string;
            expired: boolean;
        };
        NamedRef: {
            id: string;
            name: string;
        };
        User: {
            email: string;
            first_name: string;
            last_name: string;
            division_ids: string[];
            id: string;
            username: string;
        };
        UserInput: {
            email: string;
            first_name: string;
            last_name: string;
            division_ids: string[];
        };
        UserSummary: {
            id: string;
            email: string;
            username: string;
        };
        UserAdminSummary: {
            email: string;
            first_name: string;
            last_name: string;
            division_ids: string[];
            id: string;
            username: string;
            is_admin: boolean;
        };
        UserRole: {
            is_admin: boolean;
        };
        Division: {
            name: string;
            users: string[];
            employer_ids: string[];
            id: string;
        };
        DivisionInput: {
            name: string;
            users: string[];
            employer_ids: string[];
        };
        DivisionMember: {
            email: string;
        };
        /** Medical (with prescription) */
        MedicalPlan: {
            id: string;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by: string;
            updated_by: string;
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Funding
             * @description Fully insured, level funded or self funded.
             * @enum {string}
             */
            funding: "FUNDING_FULLY" | "FUNDING_LEVEL" | "FUNDING_SELF";
            /**
             * Tier 1 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 1 (employee only).
             */
            t1_ee: number;
            /**
             * Tier 2 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 2 (employee + spouse).
             */
            t2_ee: number;
            /**
             * Tier 3 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 3 (employee + children).
             */
            t3_ee: number;
            /**
             * Tier 4 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 4 (employee + family).
             */
            t4_ee: number;
            /**
             * Tier 1 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 1 (employee only).
             */
            t1_gross: number;
            /**
             * Tier 2 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 2 (employee + spouse).
             */
            t2_gross: number;
            /**
             * Tier 3 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 3 (employee + children).
             */
            t3_gross: number;
            /**
             * Tier 4 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 4 (employee + family).
             */
            t4_gross: number;
            /**
             * Plan type
             * @description PPO, POS, EPO, HMO or HDHP.
             * @enum {string}
             */
            type: "PPO" | "POS" | "EPO" | "HMO" | "HDHP";
            /**
             * In-network deductible, single
             * @description In-network deductible, single.
             */
            in_ded_single: number;
            /**
             * In-network deductible, family
             * @description In-network deductible, family.
             */
            in_ded_family: number;
            /**
             * In-network out-of-pocket max, single
             * @description In-network maximum out-of-pocket, single (includes deductible, coinsurance, copays; per calendar year).
             */
            in_max_single: number;
            /**
             * In-network out-of-pocket max, family
             * @description In-network maximum out-of-pocket, family (includes deductible, coinsurance, copays; per calendar year).
             */
            in_max_family: number;
            /**
             * In-network coinsurance %
             * @description In-network coinsurance percentage the employee pays.
             */
            in_coin: number;
            /**
             * Out-of-network deductible, single
             * @description Out-of-network deductible, single.
             */
            out_ded_single: number | null;
            /**
             * Out-of-network deductible, family
             * @description Out-of-network deductible, family.
             */
            out_ded_family: number | null;
            /**
             * Out-of-network out-of-pocket max, single
             * @description Out-of-network maximum out-of-pocket, single.
             */
            out_max_single: number | null;
            /**
             * Out-of-network out-of-pocket max, family
             * @description Out-of-network maximum out-of-pocket, family.
             */
            out_max_family: number | null;
            /**
             * Out-of-network coinsurance %
             * @description Out-of-network coinsurance percentage the employee pays.
             */
            out_coin: number | null;
            /**
             * Rx deductible, single
             * @description Only when Rx has its own deductible separate from medical; otherwise none.
             */
            rx_ded_single: number | null;
            /**
             * Rx deductible, family
             * @description Only when Rx has its own deductible separate from medical; otherwise none.
             */
            rx_ded_family: number | null;
            /**
             * Rx out-of-pocket max, single
             * @description Only when Rx has its own maximum separate from medical; otherwise none.
             */
            rx_max_single: number | null;
            /**
             * Rx out-of-pocket max, family
             * @description Only when Rx has its own maximum separate from medical; otherwise none.
             */
            rx_max_family: number | null;
            /**
             * Rx coinsurance %
             * @description Rx coinsurance percentage.
             */
            rx_coin: number | null;
            /**
             * Deductible/coinsurance: primary care
             * @description Whether deductible and/or coinsurance applies to primary care. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            pcp_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: specialist
             * @description Whether deductible and/or coinsurance applies to specialist. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            sp_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: emergency room
             * @description Whether deductible and/or coinsurance applies to emergency room. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            er_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: urgent care
             * @description Whether deductible and/or coinsurance applies to urgent care. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            uc_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: lab and X-ray
             * @description Whether deductible and/or coinsurance applies to lab and X-ray. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            lx_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: inpatient
             * @description Whether deductible and/or coinsurance applies to inpatient. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            ip_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: outpatient
             * @description Whether deductible and/or coinsurance applies to outpatient. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            op_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: Rx tier 1 generic (retail 30 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 1 generic (retail 30 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            rx1_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: Rx tier 2 preferred brand (retail 30 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 2 preferred brand (retail 30 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            rx2_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: Rx tier 3 non-preferred brand (retail 30 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 3 non-preferred brand (retail 30 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx3_ded_apply: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 4 specialty (retail 30 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 4 specialty (retail 30 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx4_ded_apply: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 1 generic (mail order 90 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 1 generic (mail order 90 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx1_mail_ded_apply: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 2 preferred brand (mail order 90 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 2 preferred brand (mail order 90 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx2_mail_ded_apply: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 3 non-preferred brand (mail order 90 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 3 non-preferred brand (mail order 90 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx3_mail_ded_apply: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 4 specialty (mail order 90 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 4 specialty (mail order 90 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx4_mail_ded_apply: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Copay: primary care
             * @description In-network single-payment copay for primary care; give only when a copay is required.
             */
            pcp_copay: number | null;
            /**
             * Copay: specialist
             * @description In-network single-payment copay for specialist; give only when a copay is required.
             */
            sp_copay: number | null;
            /**
             * Copay: emergency room
             * @description In-network single-payment copay for emergency room; give only when a copay is required.
             */
            er_copay: number | null;
            /**
             * Copay: urgent care
             * @description In-network single-payment copay for urgent care; give only when a copay is required.
             */
            uc_copay: number | null;
            /**
             * Copay: lab and X-ray
             * @description In-network single-payment copay for lab and X-ray; give only when a copay is required.
             */
            lx_copay: number | null;
            /**
             * Copay: inpatient
             * @description In-network single-payment copay for inpatient; give only when a copay is required.
             */
            ip_copay: number | null;
            /**
             * Copay: outpatient
             * @description In-network single-payment copay for outpatient; give only when a copay is required.
             */
            op_copay: number | null;
            /**
             * Copay: Rx tier 1 generic (retail 30 days)
             * @description In-network single-payment copay for Rx tier 1 generic (retail 30 days); give only when a copay is required.
             */
            rx1_copay: number | null;
            /**
             * Copay: Rx tier 2 preferred brand (retail 30 days)
             * @description In-network single-payment copay for Rx tier 2 preferred brand (retail 30 days); give only when a copay is required.
             */
            rx2_copay: number | null;
            /**
             * Copay: Rx tier 3 non-preferred brand (retail 30 days)
             * @description In-network single-payment copay for Rx tier 3 non-preferred brand (retail 30 days); give only when a copay is required.
             */
            rx3_copay: number | null;
            /**
             * Copay: Rx tier 4 specialty (retail 30 days)
             * @description In-network single-payment copay for Rx tier 4 specialty (retail 30 days); give only when a copay is required.
             */
            rx4_copay: number | null;
            /**
             * Copay: Rx tier 1 generic (mail order 90 days)
             * @description In-network single-payment copay for Rx tier 1 generic (mail order 90 days); give only when a copay is required.
             */
            rx1_mail_copay: number | null;
            /**
             * Copay: Rx tier 2 preferred brand (mail order 90 days)
             * @description In-network single-payment copay for Rx tier 2 preferred brand (mail order 90 days); give only when a copay is required.
             */
            rx2_mail_copay: number | null;
            /**
             * Copay: Rx tier 3 non-preferred brand (mail order 90 days)
             * @description In-network single-payment copay for Rx tier 3 non-preferred brand (mail order 90 days); give only when a copay is required.
             */
            rx3_mail_copay: number | null;
            /**
             * Copay: Rx tier 4 specialty (mail order 90 days)
             * @description In-network single-payment copay for Rx tier 4 specialty (mail order 90 days); give only when a copay is required.
             */
            rx4_mail_copay: number | null;
            /**
             * HRA offered
             * @description HRA offered with the plan.
             */
            hra: boolean;
            /**
             * HSA offered
             * @description HSA offered with the plan.
             */
            hsa: boolean;
            /**
             * FSA offered
             * @description FSA offered with the plan.
             */
            fsa: boolean;
            /**
             * Age rated
             * @description Premiums based 100% on age-banded or community rating.
             */
            age_rated: boolean;
            /**
             * Salary banding
             * @description Employee contributions vary by salary.
             */
            salary_banding: boolean;
            /**
             * Tobacco surcharge
             * @description Additional annual amount (PEPY) for tobacco use; none if there is no surcharge.
             */
            tobacco_surcharge: number | null;
            /**
             * Spousal surcharge
             * @description Additional annual amount (PEPY) for a spouse with other coverage available; none if there is no surcharge.
             */
            spousal_surcharge: number | null;
            /**
             * Tier 1 employer HSA/CDHP funding
             * @description Annual employer funding of the HSA/CDHP account, tier 1 (employee only).
             */
            t1_ercdhp: number | null;
            /**
             * Tier 2 employer HSA/CDHP funding
             * @description Annual employer funding of the HSA/CDHP account, tier 2 (employee + spouse).
             */
            t2_ercdhp: number | null;
            /**
             * Tier 3 employer HSA/CDHP funding
             * @description Annual employer funding of the HSA/CDHP account, tier 3 (employee + children).
             */
            t3_ercdhp: number | null;
            /**
             * Tier 4 employer HSA/CDHP funding
             * @description Annual employer funding of the HSA/CDHP account, tier 4 (employee + family).
             */
            t4_ercdhp: number | null;
        };
        /** Medical (with prescription) */
        MedicalPlanInput: {
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan?: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action?: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Funding
             * @description Fully insured, level funded or self funded.
             * @enum {string}
             */
            funding: "FUNDING_FULLY" | "FUNDING_LEVEL" | "FUNDING_SELF";
            /**
             * Tier 1 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 1 (employee only).
             */
            t1_ee: number;
            /**
             * Tier 2 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 2 (employee + spouse).
             */
            t2_ee: number;
            /**
             * Tier 3 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 3 (employee + children).
             */
            t3_ee: number;
            /**
             * Tier 4 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 4 (employee + family).
             */
            t4_ee: number;
            /**
             * Tier 1 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 1 (employee only).
             */
            t1_gross: number;
            /**
             * Tier 2 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 2 (employee + spouse).
             */
            t2_gross: number;
            /**
             * Tier 3 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 3 (employee + children).
             */
            t3_gross: number;
            /**
             * Tier 4 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 4 (employee + family).
             */
            t4_gross: number;
            /**
             * Plan type
             * @description PPO, POS, EPO, HMO or HDHP.
             * @enum {string}
             */
            type: "PPO" | "POS" | "EPO" | "HMO" | "HDHP";
            /**
             * In-network deductible, single
             * @description In-network deductible, single.
             */
            in_ded_single: number;
            /**
             * In-network deductible, family
             * @description In-network deductible, family.
             */
            in_ded_family: number;
            /**
             * In-network out-of-pocket max, single
             * @description In-network maximum out-of-pocket, single (includes deductible, coinsurance, copays; per calendar year).
             */
            in_max_single: number;
            /**
             * In-network out-of-pocket max, family
             * @description In-network maximum out-of-pocket, family (includes deductible, coinsurance, copays; per calendar year).
             */
            in_max_family: number;
            /**
             * In-network coinsurance %
             * @description In-network coinsurance percentage the employee pays.
             */
            in_coin: number;
            /**
             * Out-of-network deductible, single
             * @description Out-of-network deductible, single.
             */
            out_ded_single?: number | null;
            /**
             * Out-of-network deductible, family
             * @description Out-of-network deductible, family.
             */
            out_ded_family?: number | null;
            /**
             * Out-of-network out-of-pocket max, single
             * @description Out-of-network maximum out-of-pocket, single.
             */
            out_max_single?: number | null;
            /**
             * Out-of-network out-of-pocket max, family
             * @description Out-of-network maximum out-of-pocket, family.
             */
            out_max_family?: number | null;
            /**
             * Out-of-network coinsurance %
             * @description Out-of-network coinsurance percentage the employee pays.
             */
            out_coin?: number | null;
            /**
             * Rx deductible, single
             * @description Only when Rx has its own deductible separate from medical; otherwise none.
             */
            rx_ded_single?: number | null;
            /**
             * Rx deductible, family
             * @description Only when Rx has its own deductible separate from medical; otherwise none.
             */
            rx_ded_family?: number | null;
            /**
             * Rx out-of-pocket max, single
             * @description Only when Rx has its own maximum separate from medical; otherwise none.
             */
            rx_max_single?: number | null;
            /**
             * Rx out-of-pocket max, family
             * @description Only when Rx has its own maximum separate from medical; otherwise none.
             */
            rx_max_family?: number | null;
            /**
             * Rx coinsurance %
             * @description Rx coinsurance percentage.
             */
            rx_coin?: number | null;
            /**
             * Deductible/coinsurance: primary care
             * @description Whether deductible and/or coinsurance applies to primary care. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            pcp_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: specialist
             * @description Whether deductible and/or coinsurance applies to specialist. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            sp_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: emergency room
             * @description Whether deductible and/or coinsurance applies to emergency room. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            er_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: urgent care
             * @description Whether deductible and/or coinsurance applies to urgent care. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            uc_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: lab and X-ray
             * @description Whether deductible and/or coinsurance applies to lab and X-ray. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            lx_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: inpatient
             * @description Whether deductible and/or coinsurance applies to inpatient. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            ip_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: outpatient
             * @description Whether deductible and/or coinsurance applies to outpatient. FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            op_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: Rx tier 1 generic (retail 30 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 1 generic (retail 30 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            rx1_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: Rx tier 2 preferred brand (retail 30 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 2 preferred brand (retail 30 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             * @enum {string}
             */
            rx2_ded_apply: "FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN";
            /**
             * Deductible/coinsurance: Rx tier 3 non-preferred brand (retail 30 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 3 non-preferred brand (retail 30 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx3_ded_apply?: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 4 specialty (retail 30 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 4 specialty (retail 30 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx4_ded_apply?: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 1 generic (mail order 90 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 1 generic (mail order 90 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx1_mail_ded_apply?: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 2 preferred brand (mail order 90 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 2 preferred brand (mail order 90 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx2_mail_ded_apply?: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 3 non-preferred brand (mail order 90 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 3 non-preferred brand (mail order 90 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx3_mail_ded_apply?: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Deductible/coinsurance: Rx tier 4 specialty (mail order 90 days)
             * @description Whether deductible and/or coinsurance applies to Rx tier 4 specialty (mail order 90 days). FALSE: neither deductible nor coinsurance applies; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both.
             */
            rx4_mail_ded_apply?: ("FALSE" | "FALSE_COIN" | "TRUE" | "TRUE_COIN") | null;
            /**
             * Copay: primary care
             * @description In-network single-payment copay for primary care; give only when a copay is required.
             */
            pcp_copay?: number | null;
            /**
             * Copay: specialist
             * @description In-network single-payment copay for specialist; give only when a copay is required.
             */
            sp_copay?: number | null;
            /**
             * Copay: emergency room
             * @description In-network single-payment copay for emergency room; give only when a copay is required.
             */
            er_copay?: number | null;
            /**
             * Copay: urgent care
             * @description In-network single-payment copay for urgent care; give only when a copay is required.
             */
            uc_copay?: number | null;
            /**
             * Copay: lab and X-ray
             * @description In-network single-payment copay for lab and X-ray; give only when a copay is required.
             */
            lx_copay?: number | null;
            /**
             * Copay: inpatient
             * @description In-network single-payment copay for inpatient; give only when a copay is required.
             */
            ip_copay?: number | null;
            /**
             * Copay: outpatient
             * @description In-network single-payment copay for outpatient; give only when a copay is required.
             */
            op_copay?: number | null;
            /**
             * Copay: Rx tier 1 generic (retail 30 days)
             * @description In-network single-payment copay for Rx tier 1 generic (retail 30 days); give only when a copay is required.
             */
            rx1_copay?: number | null;
            /**
             * Copay: Rx tier 2 preferred brand (retail 30 days)
             * @description In-network single-payment copay for Rx tier 2 preferred brand (retail 30 days); give only when a copay is required.
             */
            rx2_copay?: number | null;
            /**
             * Copay: Rx tier 3 non-preferred brand (retail 30 days)
             * @description In-network single-payment copay for Rx tier 3 non-preferred brand (retail 30 days); give only when a copay is required.
             */
            rx3_copay?: number | null;
            /**
             * Copay: Rx tier 4 specialty (retail 30 days)
             * @description In-network single-payment copay for Rx tier 4 specialty (retail 30 days); give only when a copay is required.
             */
            rx4_copay?: number | null;
            /**
             * Copay: Rx tier 1 generic (mail order 90 days)
             * @description In-network single-payment copay for Rx tier 1 generic (mail order 90 days); give only when a copay is required.
             */
            rx1_mail_copay?: number | null;
            /**
             * Copay: Rx tier 2 preferred brand (mail order 90 days)
             * @description In-network single-payment copay for Rx tier 2 preferred brand (mail order 90 days); give only when a copay is required.
             */
            rx2_mail_copay?: number | null;
            /**
             * Copay: Rx tier 3 non-preferred brand (mail order 90 days)
             * @description In-network single-payment copay for Rx tier 3 non-preferred brand (mail order 90 days); give only when a copay is required.
             */
            rx3_mail_copay?: number | null;
            /**
             * Copay: Rx tier 4 specialty (mail order 90 days)
             * @description In-network single-payment copay for Rx tier 4 specialty (mail order 90 days); give only when a copay is required.
             */
            rx4_mail_copay?: number | null;
            /**
             * HRA offered
             * @description HRA offered with the plan.
             */
            hra: boolean;
            /**
             * HSA offered
             * @description HSA offered with the plan.
             */
            hsa: boolean;
            /**
             * FSA offered
             * @description FSA offered with the plan.
             */
            fsa: boolean;
            /**
             * Age rated
             * @description Premiums based 100% on age-banded or community rating.
             */
            age_rated: boolean;
            /**
             * Salary banding
             * @description Employee contributions vary by salary.
             */
            salary_banding: boolean;
            /**
             * Tobacco surcharge
             * @description Additional annual amount (PEPY) for tobacco use; none if there is no surcharge.
             */
            tobacco_surcharge: number | null;
            /**
             * Spousal surcharge
             * @description Additional annual amount (PEPY) for a spouse with other coverage available; none if there is no surcharge.
             */
            spousal_surcharge: number | null;
            /**
             * Tier 1 employer HSA/CDHP funding
             * @description Annual employer funding of the HSA/CDHP account, tier 1 (employee only).
             */
            t1_ercdhp: number | null;
            /**
             * Tier 2 employer HSA/CDHP funding
             * @description Annual employer funding of the HSA/CDHP account, tier 2 (employee + spouse).
             */
            t2_ercdhp: number | null;
            /**
             * Tier 3 employer HSA/CDHP funding
             * @description Annual employer funding of the HSA/CDHP account, tier 3 (employee + children).
             */
            t3_ercdhp: number | null;
            /**
             * Tier 4 employer HSA/CDHP funding
             * @description Annual employer funding of the HSA/CDHP account, tier 4 (employee + family).
             */
            t4_ercdhp: number | null;
        };
        /** Dental */
        DentalPlan: {
            id: string;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by: string;
            updated_by: string;
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Funding
             * @description Fully insured, level funded or self funded.
             * @enum {string}
             */
            funding: "FUNDING_FULLY" | "FUNDING_LEVEL" | "FUNDING_SELF";
            /**
             * Tier 1 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 1 (employee only).
             */
            t1_ee: number;
            /**
             * Tier 2 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 2 (employee + spouse).
             */
            t2_ee: number;
            /**
             * Tier 3 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 3 (employee + children).
             */
            t3_ee: number;
            /**
             * Tier 4 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 4 (employee + family).
             */
            t4_ee: number;
            /**
             * Tier 1 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 1 (employee only).
             */
            t1_gross: number;
            /**
             * Tier 2 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 2 (employee + spouse).
             */
            t2_gross: number;
            /**
             * Tier 3 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 3 (employee + children).
             */
            t3_gross: number;
            /**
             * Tier 4 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 4 (employee + family).
             */
            t4_gross: number;
            /**
             * Plan type
             * @description DPPO or DMO.
             * @enum {string}
             */
            type: "DPPO" | "DMO";
            /**
             * In-network deductible, single
             * @description In-network deductible, single.
             */
            in_ded_single: number;
            /**
             * In-network deductible, family
             * @description In-network deductible, family.
             */
            in_ded_family: number;
            /**
             * In-network annual maximum
             * @description In-network annual maximum.
             */
            in_max: number;
            /**
             * In-network orthodontia maximum
             * @description In-network orthodontia maximum.
             */
            in_max_ortho: number | null;
            /**
             * Out-of-network deductible, single
             * @description Out-of-network deductible, single.
             */
            out_ded_single: number | null;
            /**
             * Out-of-network deductible, family
             * @description Out-of-network deductible, family.
             */
            out_ded_family: number | null;
            /**
             * Out-of-network annual maximum
             * @description Out-of-network annual maximum.
             */
            out_max: number | null;
            /**
             * Out-of-network orthodontia maximum
             * @description Out-of-network orthodontia maximum.
             */
            out_max_ortho: number | null;
            /**
             * Deductible applies to preventive
             * @description Deductible applies to preventive care.
             */
            prev_ded_apply: boolean;
            /**
             * Deductible applies to basic
             * @description Deductible applies to basic care.
             */
            basic_ded_apply: boolean;
            /**
             * Deductible applies to major
             * @description Deductible applies to major care.
             */
            major_ded_apply: boolean | null;
            /**
             * Deductible applies to orthodontia
             * @description Deductible applies to orthodontia.
             */
            ortho_ded_apply: boolean | null;
            /**
             * In-network preventive coinsurance %
             * @description In-network coinsurance percentage the employee pays for preventive care; none if the service is copay-based.
             */
            in_prev_coin: number | null;
            /**
             * In-network basic coinsurance %
             * @description In-network coinsurance percentage the employee pays for basic care; none if the service is copay-based.
             */
            in_basic_coin: number | null;
            /**
             * In-network major coinsurance %
             * @description In-network coinsurance percentage the employee pays for major care; none if the service is copay-based.
             */
            in_major_coin: number | null;
            /**
             * In-network orthodontia coinsurance %
             * @description In-network coinsurance percentage the employee pays for orthodontia care; none if the service is copay-based.
             */
            in_ortho_coin: number | null;
            /**
             * Out-network preventive coinsurance %
             * @description Out-network coinsurance percentage the employee pays for preventive care; none if the service is copay-based.
             */
            out_prev_coin: number | null;
            /**
             * Out-network basic coinsurance %
             * @description Out-network coinsurance percentage the employee pays for basic care; none if the service is copay-based.
             */
            out_basic_coin: number | null;
            /**
             * Out-network major coinsurance %
             * @description Out-network coinsurance percentage the employee pays for major care; none if the service is copay-based.
             */
            out_major_coin: number | null;
            /**
             * Out-network orthodontia coinsurance %
             * @description Out-network coinsurance percentage the employee pays for orthodontia care; none if the service is copay-based.
             */
            out_ortho_coin: number | null;
        };
        /** Dental */
        DentalPlanInput: {
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan?: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action?: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Funding
             * @description Fully insured, level funded or self funded.
             * @enum {string}
             */
            funding: "FUNDING_FULLY" | "FUNDING_LEVEL" | "FUNDING_SELF";
            /**
             * Tier 1 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 1 (employee only).
             */
            t1_ee: number;
            /**
             * Tier 2 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 2 (employee + spouse).
             */
            t2_ee: number;
            /**
             * Tier 3 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 3 (employee + children).
             */
            t3_ee: number;
            /**
             * Tier 4 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 4 (employee + family).
             */
            t4_ee: number;
            /**
             * Tier 1 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 1 (employee only).
             */
            t1_gross: number;
            /**
             * Tier 2 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 2 (employee + spouse).
             */
            t2_gross: number;
            /**
             * Tier 3 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 3 (employee + children).
             */
            t3_gross: number;
            /**
             * Tier 4 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 4 (employee + family).
             */
            t4_gross: number;
            /**
             * Plan type
             * @description DPPO or DMO.
             * @enum {string}
             */
            type: "DPPO" | "DMO";
            /**
             * In-network deductible, single
             * @description In-network deductible, single.
             */
            in_ded_single: number;
            /**
             * In-network deductible, family
             * @description In-network deductible, family.
             */
            in_ded_family: number;
            /**
             * In-network annual maximum
             * @description In-network annual maximum.
             */
            in_max: number;
            /**
             * In-network orthodontia maximum
             * @description In-network orthodontia maximum.
             */
            in_max_ortho?: number | null;
            /**
             * Out-of-network deductible, single
             * @description Out-of-network deductible, single.
             */
            out_ded_single?: number | null;
            /**
             * Out-of-network deductible, family
             * @description Out-of-network deductible, family.
             */
            out_ded_family?: number | null;
            /**
             * Out-of-network annual maximum
             * @description Out-of-network annual maximum.
             */
            out_max?: number | null;
            /**
             * Out-of-network orthodontia maximum
             * @description Out-of-network orthodontia maximum.
             */
            out_max_ortho?: number | null;
            /**
             * Deductible applies to preventive
             * @description Deductible applies to preventive care.
             */
            prev_ded_apply: boolean;
            /**
             * Deductible applies to basic
             * @description Deductible applies to basic care.
             */
            basic_ded_apply: boolean;
            /**
             * Deductible applies to major
             * @description Deductible applies to major care.
             */
            major_ded_apply?: boolean | null;
            /**
             * Deductible applies to orthodontia
             * @description Deductible applies to orthodontia.
             */
            ortho_ded_apply?: boolean | null;
            /**
             * In-network preventive coinsurance %
             * @description In-network coinsurance percentage the employee pays for preventive care; none if the service is copay-based.
             */
            in_prev_coin?: number | null;
            /**
             * In-network basic coinsurance %
             * @description In-network coinsurance percentage the employee pays for basic care; none if the service is copay-based.
             */
            in_basic_coin?: number | null;
            /**
             * In-network major coinsurance %
             * @description In-network coinsurance percentage the employee pays for major care; none if the service is copay-based.
             */
            in_major_coin?: number | null;
            /**
             * In-network orthodontia coinsurance %
             * @description In-network coinsurance percentage the employee pays for orthodontia care; none if the service is copay-based.
             */
            in_ortho_coin?: number | null;
            /**
             * Out-network preventive coinsurance %
             * @description Out-network coinsurance percentage the employee pays for preventive care; none if the service is copay-based.
             */
            out_prev_coin?: number | null;
            /**
             * Out-network basic coinsurance %
             * @description Out-network coinsurance percentage the employee pays for basic care; none if the service is copay-based.
             */
            out_basic_coin?: number | null;
            /**
             * Out-network major coinsurance %
             * @description Out-network coinsurance percentage the employee pays for major care; none if the service is copay-based.
             */
            out_major_coin?: number | null;
            /**
             * Out-network orthodontia coinsurance %
             * @description Out-network coinsurance percentage the employee pays for orthodontia care; none if the service is copay-based.
             */
            out_ortho_coin?: number | null;
        };
        /** Vision */
        VisionPlan: {
            id: string;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by: string;
            updated_by: string;
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Funding
             * @description Fully insured, level funded or self funded.
             * @enum {string}
             */
            funding: "FUNDING_FULLY" | "FUNDING_LEVEL" | "FUNDING_SELF";
            /**
             * Tier 1 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 1 (employee only).
             */
            t1_ee: number;
            /**
             * Tier 2 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 2 (employee + spouse).
             */
            t2_ee: number;
            /**
             * Tier 3 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 3 (employee + children).
             */
            t3_ee: number;
            /**
             * Tier 4 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 4 (employee + family).
             */
            t4_ee: number;
            /**
             * Tier 1 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 1 (employee only).
             */
            t1_gross: number;
            /**
             * Tier 2 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 2 (employee + spouse).
             */
            t2_gross: number;
            /**
             * Tier 3 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 3 (employee + children).
             */
            t3_gross: number;
            /**
             * Tier 4 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 4 (employee + family).
             */
            t4_gross: number;
            /**
             * Exam frequency (months)
             * @description Months between covered exam benefits.
             */
            exam_frequency: number;
            /**
             * Lenses frequency (months)
             * @description Months between covered lenses benefits.
             */
            lenses_frequency: number;
            /**
             * Frames frequency (months)
             * @description Months between covered frames benefits.
             */
            frames_frequency: number;
            /**
             * Contacts frequency (months)
             * @description Months between covered contacts benefits.
             */
            contacts_frequency: number;
            /**
             * Exam copay
             * @description In-network exam copay; none if there is no copay.
             */
            exam_copay: number | null;
            /**
             * Lenses copay
             * @description In-network lenses copay; none if there is no copay.
             */
            lenses_copay: number | null;
            /**
             * Frames copay
             * @description In-network frames copay; none if there is no copay.
             */
            frames_copay: number | null;
            /**
             * Contacts copay
             * @description In-network contacts copay; none if there is no copay.
             */
            contacts_copay: number | null;
            /**
             * Exam allowance
             * @description In-network insured exam allowance; none if there is no allowance.
             */
            exam_allowance: number | null;
            /**
             * Lenses allowance
             * @description In-network insured lenses allowance; none if there is no allowance.
             */
            lenses_allowance: number | null;
            /**
             * Frames allowance
             * @description In-network insured frames allowance; none if there is no allowance.
             */
            frames_allowance: number | null;
            /**
             * Contacts allowance
             * @description In-network insured contacts allowance; none if there is no allowance.
             */
            contacts_allowance: number | null;
            /**
             * Exam out-of-network allowance
             * @description Out-of-network exam allowance.
             */
            exam_out_allowance: number | null;
            /**
             * Lenses out-of-network allowance
             * @description Out-of-network lenses allowance.
             */
            lenses_out_allowance: number | null;
            /**
             * Frames out-of-network allowance
             * @description Out-of-network frames allowance.
             */
            frames_out_allowance: number | null;
            /**
             * Contacts out-of-network allowance
             * @description Out-of-network contacts allowance.
             */
            contacts_out_allowance: number | null;
        };
        /** Vision */
        VisionPlanInput: {
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan?: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action?: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Funding
             * @description Fully insured, level funded or self funded.
             * @enum {string}
             */
            funding: "FUNDING_FULLY" | "FUNDING_LEVEL" | "FUNDING_SELF";
            /**
             * Tier 1 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 1 (employee only).
             */
            t1_ee: number;
            /**
             * Tier 2 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 2 (employee + spouse).
             */
            t2_ee: number;
            /**
             * Tier 3 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 3 (employee + children).
             */
            t3_ee: number;
            /**
             * Tier 4 employee contribution
             * @description Annual employee contribution per employee (PEPY), tier 4 (employee + family).
             */
            t4_ee: number;
            /**
             * Tier 1 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 1 (employee only).
             */
            t1_gross: number;
            /**
             * Tier 2 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 2 (employee + spouse).
             */
            t2_gross: number;
            /**
             * Tier 3 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 3 (employee + children).
             */
            t3_gross: number;
            /**
             * Tier 4 gross cost
             * @description Full annual cost (PEPY) before employee contributions, tier 4 (employee + family).
             */
            t4_gross: number;
            /**
             * Exam frequency (months)
             * @description Months between covered exam benefits.
             */
            exam_frequency: number;
            /**
             * Lenses frequency (months)
             * @description Months between covered lenses benefits.
             */
            lenses_frequency: number;
            /**
             * Frames frequency (months)
             * @description Months between covered frames benefits.
             */
            frames_frequency: number;
            /**
             * Contacts frequency (months)
             * @description Months between covered contacts benefits.
             */
            contacts_frequency: number;
            /**
             * Exam copay
             * @description In-network exam copay; none if there is no copay.
             */
            exam_copay?: number | null;
            /**
             * Lenses copay
             * @description In-network lenses copay; none if there is no copay.
             */
            lenses_copay?: number | null;
            /**
             * Frames copay
             * @description In-network frames copay; none if there is no copay.
             */
            frames_copay?: number | null;
            /**
             * Contacts copay
             * @description In-network contacts copay; none if there is no copay.
             */
            contacts_copay?: number | null;
            /**
             * Exam allowance
             * @description In-network insured exam allowance; none if there is no allowance.
             */
            exam_allowance?: number | null;
            /**
             * Lenses allowance
             * @description In-network insured lenses allowance; none if there is no allowance.
             */
            lenses_allowance?: number | null;
            /**
             * Frames allowance
             * @description In-network insured frames allowance; none if there is no allowance.
             */
            frames_allowance?: number | null;
            /**
             * Contacts allowance
             * @description In-network insured contacts allowance; none if there is no allowance.
             */
            contacts_allowance?: number | null;
            /**
             * Exam out-of-network allowance
             * @description Out-of-network exam allowance.
             */
            exam_out_allowance?: number | null;
            /**
             * Lenses out-of-network allowance
             * @description Out-of-network lenses allowance.
             */
            lenses_out_allowance?: number | null;
            /**
             * Frames out-of-network allowance
             * @description Out-of-network frames allowance.
             */
            frames_out_allowance?: number | null;
            /**
             * Contacts out-of-network allowance
             * @description Out-of-network contacts allowance.
             */
            contacts_out_allowance?: number | null;
        };
        /** Basic life (with AD&D) */
        BasiclifePlan: {
            id: string;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by: string;
            updated_by: string;
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Benefit type
             * @description MULTIPLE_OF_SALARY or FLAT_AMOUNT.
             * @enum {string}
             */
            type: "MULTIPLE_OF_SALARY" | "FLAT_AMOUNT";
            /**
             * Salary multiple
             * @description Salary multiplier; required when the type is MULTIPLE_OF_SALARY.
             */
            multiple: number | null;
            /**
             * Maximum benefit
             * @description Caps the total benefit of a MULTIPLE_OF_SALARY plan.
             */
            multiple_max: number | null;
            /**
             * Flat amount
             * @description Fixed benefit; required when the type is FLAT_AMOUNT.
             */
            flat_amount: number | null;
            /**
             * AD&D
             * @description AD&D included with or offered alongside the life policy.
             */
            add: boolean;
        };
        /** Basic life (with AD&D) */
        BasiclifePlanInput: {
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan?: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action?: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Benefit type
             * @description MULTIPLE_OF_SALARY or FLAT_AMOUNT.
             * @enum {string}
             */
            type: "MULTIPLE_OF_SALARY" | "FLAT_AMOUNT";
            /**
             * Salary multiple
             * @description Salary multiplier; required when the type is MULTIPLE_OF_SALARY.
             */
            multiple?: number | null;
            /**
             * Maximum benefit
             * @description Caps the total benefit of a MULTIPLE_OF_SALARY plan.
             */
            multiple_max?: number | null;
            /**
             * Flat amount
             * @description Fixed benefit; required when the type is FLAT_AMOUNT.
             */
            flat_amount?: number | null;
            /**
             * AD&D
             * @description AD&D included with or offered alongside the life policy.
             */
            add: boolean;
        } & (unknown & unknown);
        /** Voluntary life (with AD&D) */
        VoluntarylifePlan: {
            id: string;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by: string;
            updated_by: string;
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Maximum benefit
             * @description Maximum total death benefit for the employee.
             */
            max: number;
            /**
             * Guarantee issue
             * @description Amount electable without evidence of insurability.
             */
            guarantee_issue: number;
            /**
             * Maximum spouse benefit
             * @description Maximum spouse benefit.
             */
            max_spouse: number | null;
            /**
             * Maximum child benefit
             * @description Maximum child benefit.
             */
            max_children: number | null;
            /**
             * AD&D
             * @description AD&D included or offered alongside.
             */
            add: boolean;
        };
        /** Voluntary life (with AD&D) */
        VoluntarylifePlanInput: {
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan?: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action?: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Maximum benefit
             * @description Maximum total death benefit for the employee.
             */
            max: number;
            /**
             * Guarantee issue
             * @description Amount electable without evidence of insurability.
             */
            guarantee_issue: number;
            /**
             * Maximum spouse benefit
             * @description Maximum spouse benefit.
             */
            max_spouse?: number | null;
            /**
             * Maximum child benefit
             * @description Maximum child benefit.
             */
            max_children?: number | null;
            /**
             * AD&D
             * @description AD&D included or offered alongside.
             */
            add: boolean;
        };
        /** Short-term disability */
        StdPlan: {
            id: string;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by: string;
            updated_by: string;
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Cost share
             * @description Employer paid, employee cost share, or voluntary.
             * @enum {string}
             */
            cost_share: "EMPLOYER_PAID" | "EMPLOYEE_COST_SHARE" | "VOLUNTARY";
            /**
             * Income replacement %
             * @description Income replacement percentage of weekly earnings; for step-down plans use the weighted average.
             */
            percentage: number;
            /**
             * Weekly maximum
             * @description Maximum weekly benefit.
             */
            weekly_max: number;
            /**
             * Waiting days, injury
             * @description Days disabled by injury before benefits begin.
             */
            waiting_days_injury: number;
            /**
             * Waiting days, sickness
             * @description Days disabled by illness before benefits begin.
             */
            waiting_days_sick: number;
            /**
             * Benefit duration (weeks)
             * @description Maximum weeks of benefits, excluding the elimination period.
             */
            duration_weeks: number;
        };
        /** Short-term disability */
        StdPlanInput: {
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan?: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action?: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Cost share
             * @description Employer paid, employee cost share, or voluntary.
             * @enum {string}
             */
            cost_share: "EMPLOYER_PAID" | "EMPLOYEE_COST_SHARE" | "VOLUNTARY";
            /**
             * Income replacement %
             * @description Income replacement percentage of weekly earnings; for step-down plans use the weighted average.
             */
            percentage: number;
            /**
             * Weekly maximum
             * @description Maximum weekly benefit.
             */
            weekly_max: number;
            /**
             * Waiting days, injury
             * @description Days disabled by injury before benefits begin.
             */
            waiting_days_injury: number;
            /**
             * Waiting days, sickness
             * @description Days disabled by illness before benefits begin.
             */
            waiting_days_sick: number;
            /**
             * Benefit duration (weeks)
             * @description Maximum weeks of benefits, excluding the elimination period.
             */
            duration_weeks: number;
        };
        /** Long-term disability */
        LtdPlan: {
            id: string;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by: string;
            updated_by: string;
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Cost share
             * @description Employer paid, employee cost share, or voluntary.
             * @enum {string}
             */
            cost_share: "EMPLOYER_PAID" | "EMPLOYEE_COST_SHARE" | "VOLUNTARY";
            /**
             * Income replacement %
             * @description Income replacement percentage of monthly earnings; weighted average for step-down plans.
             */
            percentage: number;
            /**
             * Monthly maximum
             * @description Maximum monthly benefit.
             */
            monthly_max: number;
            /**
             * Waiting weeks
             * @description Weeks disabled before benefits begin.
             */
            waiting_weeks: number;
        };
        /** Long-term disability */
        LtdPlanInput: {
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan?: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action?: ("RENEWED" | "CONVERTED") | null;
            /**
             * Offered to part-time employees
             * @description Offered to part-time employees.
             */
            pt: boolean;
            /**
             * Cost share
             * @description Employer paid, employee cost share, or voluntary.
             * @enum {string}
             */
            cost_share: "EMPLOYER_PAID" | "EMPLOYEE_COST_SHARE" | "VOLUNTARY";
            /**
             * Income replacement %
             * @description Income replacement percentage of monthly earnings; weighted average for step-down plans.
             */
            percentage: number;
            /**
             * Monthly maximum
             * @description Maximum monthly benefit.
             */
            monthly_max: number;
            /**
             * Waiting weeks
             * @description Weeks disabled before benefits begin.
             */
            waiting_weeks: number;
        };
        /** Stop loss */
        StoplossPlan: {
            id: string;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by: string;
            updated_by: string;
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action: ("RENEWED" | "CONVERTED") | null;
            /**
             * Specific deductible
             * @description Specific deductible.
             */
            spec_ded: number;
            /**
             * Specific rate, single
             * @description Specific rate, single.
             */
            spec_rate_single: number;
            /**
             * Specific rate, family
             * @description Specific rate, family.
             */
            spec_rate_family: number;
            /**
             * Number of lasers
             * @description Number of lasered individuals.
             */
            num_lasers: number;
            /**
             * Aggregate rate
             * @description Aggregate rate.
             */
            agg_rate: number | null;
        };
        /** Stop loss */
        StoplossPlanInput: {
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan?: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action?: ("RENEWED" | "CONVERTED") | null;
            /**
             * Specific deductible
             * @description Specific deductible.
             */
            spec_ded: number;
            /**
             * Specific rate, single
             * @description Specific rate, single.
             */
            spec_rate_single: number;
            /**
             * Specific rate, family
             * @description Specific rate, family.
             */
            spec_rate_family: number;
            /**
             * Number of lasers
             * @description Number of lasered individuals.
             */
            num_lasers: number;
            /**
             * Aggregate rate
             * @description Aggregate rate.
             */
            agg_rate?: number | null;
        };
        /** Supplemental */
        SupplementalPlan: {
            id: string;
            /** @enum {string} */
            status: "ACTIVE" | "EXPIRED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by: string;
            updated_by: string;
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action: ("RENEWED" | "CONVERTED") | null;
            /**
             * Critical illness
             * @description True when critical illness is offered, false otherwise.
             */
            critical_illness: boolean;
            /**
             * Hospital indemnity
             * @description True when hospital indemnity is offered, false otherwise.
             */
            hospital_indemnity: boolean;
            /**
             * Accident
             * @description True when accident is offered, false otherwise.
             */
            accident: boolean;
            /**
             * Cancer
             * @description True when cancer is offered, false otherwise.
             */
            cancer: boolean;
            /**
             * Pet insurance
             * @description True when pet insurance is offered, false otherwise.
             */
            pet: boolean;
            /**
             * Legal assistance
             * @description True when legal assistance is offered, false otherwise.
             */
            legal_assist: boolean;
            /**
             * Credit protection
             * @description True when credit protection is offered, false otherwise.
             */
            credit_protection: boolean;
            /**
             * Tuition reimbursement
             * @description True when tuition reimbursement is offered, false otherwise.
             */
            tuition_reimburse: boolean;
        };
        /** Supplemental */
        SupplementalPlanInput: {
            /**
             * Employer
             * @description Employer that offers the plan.
             */
            employer: string;
            /**
             * Plan title
             * @description Unique plan title; may match the insurer's title.
             */
            title: string;
            /**
             * Carrier
             * @description Insurance company for fully-insured plans; administrator (ASO provider) for self-insured plans.
             */
            carrier: string;
            /**
             * Start date
             * Format: date
             * @description First day of the plan year (YYYY-MM-DD).
             */
            start_date: string;
            /**
             * End date
             * Format: date
             * @description Last day of the plan year (YYYY-MM-DD).
             */
            end_date: string;
            /**
             * Prior-year plan
             * @description Prior-year plan from which this plan is renewed or converted.
             */
            from_plan?: string | null;
            /**
             * Renewal action
             * @description RENEWED (same carrier) or CONVERTED (different carrier).
             */
            from_action?: ("RENEWED" | "CONVERTED") | null;
            /**
             * Critical illness
             * @description True when critical illness is offered, false otherwise.
             */
            critical_illness: boolean;
            /**
             * Hospital indemnity
             * @description True when hospital indemnity is offered, false otherwise.
             */
            hospital_indemnity: boolean;
            /**
             * Accident
             * @description True when accident is offered, false otherwise.
             */
            accident: boolean;
            /**
             * Cancer
             * @description True when cancer is offered, false otherwise.
             */
            cancer: boolean;
            /**
             * Pet insurance
             * @description True when pet insurance is offered, false otherwise.
             */
            pet: boolean;
            /**
             * Legal assistance
             * @description True when legal assistance is offered, false otherwise.
             */
            legal_assist: boolean;
            /**
             * Credit protection
             * @description True when credit protection is offered, false otherwise.
             */
            credit_protection: boolean;
            /**
             * Tuition reimbursement
             * @description True when tuition reimbursement is offered, false otherwise.
             */
            tuition_reimburse: boolean;
        };
        ChangesPage: {
            scope: string;
            snapshot: {
                id: string;
                /** @enum {string} */
                reason: "requested" | "scope" | "cursor";
                done: boolean;
            } | null;
            changes: {
                /** @enum {string} */
                entity: "division" | "user" | "employer" | "plan";
                kind: ("medical" | "dental" | "vision" | "basiclife" | "voluntarylife" | "std" | "ltd" | "stoploss" | "supplemental") | null;
                id: string;
                /** @enum {string} */
                op: "upsert" | "remove";
                record: (components["schemas"]["Division"] | components["schemas"]["User"] | components["schemas"]["Employer"] | components["schemas"]["MedicalPlan"] | components["schemas"]["DentalPlan"] | components["schemas"]["VisionPlan"] | components["schemas"]["BasiclifePlan"] | components["schemas"]["VoluntarylifePlan"] | components["schemas"]["StdPlan"] | components["schemas"]["LtdPlan"] | components["schemas"]["StoplossPlan"] | components["schemas"]["SupplementalPlan"]) | null;
                version?: string;
            }[];
            next: string;
            complete: boolean;
        };
        BatchRequest: {
            operations: {
                /** @enum {string} */
                method: "POST" | "PUT" | "DELETE";
                path: string;
                body?: unknown;
                idempotency_key?: string;
                if_match?: string;
            }[];
        };
        BatchResponse: {
            results: {
                status: number;
                body: unknown;
                headers?: {
                    [key: string]: string;
                };
            }[];
        };
        Capabilities: {
            version: string;
            extensions: string[];
            account?: string;
            limits: {
                changes_page: number;
                batch_operations: number;
                batch_bytes: number;
                body_bytes: number;
            };
        };
        Detail: {
            detail: string;
        };
        Messages: string[];
        /** @description Each field refused, with its messages. */
        EmployerInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        EmployersSummariesQueryErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        MedicalPlanInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        DentalPlanInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        VisionPlanInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        BasiclifePlanInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        VoluntarylifePlanInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        StdPlanInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        LtdPlanInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        StoplossPlanInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        SupplementalPlanInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        UserInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        UserRoleErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        DivisionInputErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        DivisionMemberErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        ChangesListQueryErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
        /** @description Each field refused, with its messages. */
        BatchRequestErrors: {
            [key: string]: components["schemas"]["Messages"];
        };
    };
    responses: {
        /** @description A request that cannot be read: not JSON, not UTF-8, a compressed body that does not decompress, or an Idempotency-Key reused with another request. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Detail"];
            };
        };
        /** @description No credentials, or a token that is malformed, unknown, expired or revoked. */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": "Token";
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    detail: "Authentication credentials were not provided." | "Invalid token.";
                };
            };
        };
        /** @description An admin operation asked by a user who is not an admin. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @constant */
                    detail: "You do not have permission to perform this action.";
                };
            };
        };
        /** @description An unknown id, a record the caller cannot see, or a path the server does not serve. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @constant */
                    detail: "Not found.";
                };
            };
        };
        /** @description The change would orphan another record; the detail names what stands in the way. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Detail"];
            };
        };
        /** @description A body that is not `application/json` (or that names no Content-Type), or compressed in a Content-Encoding the server does not take; the detail names the type or coding given. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Detail"];
            };
        };
        /** @description A body over the limit (`GET /capabilities/` names it), a compressed one once decompressed. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @constant */
                    detail: "Request body too large.";
                };
            };
        };
        /** @description Over the rate limit, when the server has one (counted per user). */
        TooManyRequests: {
            headers: {
                /** @description Seconds to wait. */
                "Retry-After": number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Detail"];
            };
        };
        /** @description The database cannot be used (damaged, read-only, full, unreachable); the detail says which. Nothing was written, except that a write whose PostgreSQL database went away while committing it may have been saved: its outcome is unknown. Send it again with the same `Idempotency-Key`, which replays its answer if it was saved. */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Detail"];
            };
        };
        /** @description A method the path does not have (asked with valid credentials). */
        MethodNotAllowed: {
            headers: {
                /** @description The methods of the path. */
                Allow: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Detail"];
            };
        };
        /** @description `OPTIONS` on any path the server serves: DRF's description of the path. */
        Options: {
            headers: {
                /** @description The methods of the path. */
                Allow: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    name: string;
                    renders: string[];
                    parses: string[];
                };
            };
        };
    };
    parameters: {
        /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
        IfMatch: string;
        /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The record's version, in quotes: a digest of the record as its `GET` answers it, its derived lists and status left out. Send it as `If-Match` to write only over this version. `plandesk serve` answers it; the local workspace, which keeps no versions, does not. */
        ETag: string;
        /** @description Present, `true`, when the answer is the stored one of an earlier request with the same Idempotency-Key. */
        IdempotentReplayed: "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "employers.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmployerInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Employer"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployerInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "employers.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NamedRef"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "employers.summaries": {
        parameters: {
            query?: {
                /** @description Rows in the window; without it, every row. */
                limit?: number;
                /** @description Rows before the window (with `limit` only). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployerSummary"][] | components["schemas"]["EmployerSummaryPage"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployersSummariesQueryErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "employers.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The employer's id. */
                employerID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Employer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "employers.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The employer's id. */
                employerID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmployerInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Employer"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployerInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Employer"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "employers.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The employer's id. */
                employerID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Employer"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "employers.plans": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The employer's id. */
                employerID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployerPlanSummary"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.medical.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MedicalPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MedicalPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MedicalPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.dental.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DentalPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DentalPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DentalPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.vision.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisionPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisionPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisionPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.basiclife.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BasiclifePlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BasiclifePlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BasiclifePlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.voluntarylife.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoluntarylifePlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoluntarylifePlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoluntarylifePlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.std.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StdPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StdPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StdPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.ltd.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LtdPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LtdPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LtdPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.stoploss.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StoplossPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoplossPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoplossPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.supplemental.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SupplementalPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupplementalPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupplementalPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.medical.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MedicalPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.medical.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MedicalPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MedicalPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MedicalPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MedicalPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.medical.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MedicalPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.dental.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DentalPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.dental.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DentalPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DentalPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DentalPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DentalPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.dental.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DentalPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.vision.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisionPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.vision.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisionPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisionPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisionPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisionPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.vision.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisionPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.basiclife.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BasiclifePlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.basiclife.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BasiclifePlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BasiclifePlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BasiclifePlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BasiclifePlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.basiclife.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BasiclifePlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.voluntarylife.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoluntarylifePlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.voluntarylife.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoluntarylifePlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoluntarylifePlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoluntarylifePlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoluntarylifePlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.voluntarylife.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoluntarylifePlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.std.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StdPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.std.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StdPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StdPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StdPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StdPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.std.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StdPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.ltd.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LtdPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.ltd.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LtdPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LtdPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LtdPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LtdPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.ltd.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LtdPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.stoploss.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoplossPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.stoploss.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StoplossPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoplossPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoplossPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoplossPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.stoploss.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoplossPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.supplemental.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupplementalPlan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.supplemental.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SupplementalPlanInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupplementalPlan"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupplementalPlanInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupplementalPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "plans.supplemental.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The plan's id. */
                planID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SupplementalPlan"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.summaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserAdminSummary"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.byEmail": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The e-mail, URL-encoded. */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                userID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The user's id. */
                userID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The user's id. */
                userID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users.setRole": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The user's id. */
                userID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserRole"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserAdminSummary"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserRoleErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "divisions.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DivisionInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Division"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DivisionInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "divisions.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NamedRef"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "divisions.byEmployer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The employer's id. */
                employerID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Division"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "divisions.read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The division's id. */
                divisionID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Division"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "divisions.replace": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The division's id. */
                divisionID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DivisionInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Division"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DivisionInputErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Division"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "divisions.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description The version (the `ETag` of the record's `GET`, in quotes) the write is made over: `"VERSION"`, a list `"V1", "V2"`, or `*` (the record exists). When the record changed since, the answer is 412 with the record as it is now, and nothing is written. A weak tag (`W/`) or anything else answers 400. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The division's id. */
                divisionID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The record changed since the version `If-Match` names: here it is as it is now, with its version. Nothing was written. */
            412: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Division"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "divisions.addUser": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The division's id. */
                divisionID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DivisionMember"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Division"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DivisionMemberErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "divisions.removeUser": {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, such as a UUID. The same key from the same user within 24 hours answers the stored status and body again, with `Idempotent-Replayed: true`, and does nothing twice; the same key with another request answers 400. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The division's id. */
                divisionID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DivisionMember"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Division"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DivisionMemberErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "filters.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NamedRef"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "changes.list": {
        parameters: {
            query?: {
                /** @description The `next` of an earlier page. */
                since?: string;
                /** @description Records a page holds (500 when not given). */
                limit?: number;
                /** @description Only these divisions, their employers and plans. */
                division?: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangesPage"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangesListQueryErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "batch.apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchResponse"];
                };
            };
            /** @description The request is refused: the fields named, or a body that cannot be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchRequestErrors"] | components["schemas"]["Detail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "capabilities.read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Capabilities"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schema.read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: Record<string, never>;
                        paths: Record<string, never>;
                    };
                };
            };
        };
    };
    "health.read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
        };
    };
    "readiness.read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ready";
                    };
                };
            };
            /** @description Not ready, and why. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "not ready";
                        detail: string;
                    };
                };
            };
        };
    };
    "metrics.read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4": string;
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
}
