export namespace agent {
	
	export class Finding {
	    number: number;
	    turn: number;
	    text: string;
	    url: string;
	    title: string;
	    part: number;
	    items: number[];
	    quote: string;
	    items_inferred?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Finding(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.number = source["number"];
	        this.turn = source["turn"];
	        this.text = source["text"];
	        this.url = source["url"];
	        this.title = source["title"];
	        this.part = source["part"];
	        this.items = source["items"];
	        this.quote = source["quote"];
	        this.items_inferred = source["items_inferred"];
	    }
	}
	export class Item {
	    number: number;
	    text: string;
	
	    static createFrom(source: any = {}) {
	        return new Item(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.number = source["number"];
	        this.text = source["text"];
	    }
	}
	export class Event {
	    seq: number;
	    // Go type: time
	    time: any;
	    turn: number;
	    type: string;
	    objective?: string;
	    checklist?: Item[];
	    kind?: string;
	    usage?: chat.Usage;
	    action?: string;
	    parameter?: string;
	    thought?: string;
	    reason?: string;
	    query?: string;
	    count?: number;
	    urls?: string[];
	    url?: string;
	    title?: string;
	    part?: number;
	    parts?: number;
	    text?: string;
	    file?: string;
	    finding?: Finding;
	    status?: string;
	    message?: string;
	
	    static createFrom(source: any = {}) {
	        return new Event(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.seq = source["seq"];
	        this.time = this.convertValues(source["time"], null);
	        this.turn = source["turn"];
	        this.type = source["type"];
	        this.objective = source["objective"];
	        this.checklist = this.convertValues(source["checklist"], Item);
	        this.kind = source["kind"];
	        this.usage = this.convertValues(source["usage"], chat.Usage);
	        this.action = source["action"];
	        this.parameter = source["parameter"];
	        this.thought = source["thought"];
	        this.reason = source["reason"];
	        this.query = source["query"];
	        this.count = source["count"];
	        this.urls = source["urls"];
	        this.url = source["url"];
	        this.title = source["title"];
	        this.part = source["part"];
	        this.parts = source["parts"];
	        this.text = source["text"];
	        this.file = source["file"];
	        this.finding = this.convertValues(source["finding"], Finding);
	        this.status = source["status"];
	        this.message = source["message"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	

}

export namespace chat {
	
	export class Usage {
	    prompt_tokens: number;
	    cached_tokens: number;
	    cache_estimated?: boolean;
	    completion_tokens: number;
	    duration_ns: number;
	    write_rate?: number;
	
	    static createFrom(source: any = {}) {
	        return new Usage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.prompt_tokens = source["prompt_tokens"];
	        this.cached_tokens = source["cached_tokens"];
	        this.cache_estimated = source["cache_estimated"];
	        this.completion_tokens = source["completion_tokens"];
	        this.duration_ns = source["duration_ns"];
	        this.write_rate = source["write_rate"];
	    }
	}

}

export namespace desktop {
	
	export class ReportView {
	    dir: string;
	    title: string;
	    markdown: string;
	    html: string;
	
	    static createFrom(source: any = {}) {
	        return new ReportView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.dir = source["dir"];
	        this.title = source["title"];
	        this.markdown = source["markdown"];
	        this.html = source["html"];
	    }
	}
	export class RunView {
	    dir: string;
	    objective: string;
	    running: boolean;
	    status: string;
	    error: string;
	    max_turns: number;
	    context_length: number;
	    model: string;
	    // Go type: time
	    started: any;
	    prior_seconds: number;
	    events: agent.Event[];
	
	    static createFrom(source: any = {}) {
	        return new RunView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.dir = source["dir"];
	        this.objective = source["objective"];
	        this.running = source["running"];
	        this.status = source["status"];
	        this.error = source["error"];
	        this.max_turns = source["max_turns"];
	        this.context_length = source["context_length"];
	        this.model = source["model"];
	        this.started = this.convertValues(source["started"], null);
	        this.prior_seconds = source["prior_seconds"];
	        this.events = this.convertValues(source["events"], agent.Event);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SetupStatus {
	    driver_installed: boolean;
	    browser: string;
	    browser_error: string;
	    reads_pdf: boolean;
	
	    static createFrom(source: any = {}) {
	        return new SetupStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.driver_installed = source["driver_installed"];
	        this.browser = source["browser"];
	        this.browser_error = source["browser_error"];
	        this.reads_pdf = source["reads_pdf"];
	    }
	}

}

export namespace llm {
	
	export class ServerInfo {
	    models: string[];
	    model: string;
	    server: string;
	    context_length: number;
	    context_source: string;
	    model_loaded: boolean;
	    notes: string[];
	
	    static createFrom(source: any = {}) {
	        return new ServerInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.models = source["models"];
	        this.model = source["model"];
	        this.server = source["server"];
	        this.context_length = source["context_length"];
	        this.context_source = source["context_source"];
	        this.model_loaded = source["model_loaded"];
	        this.notes = source["notes"];
	    }
	}

}

export namespace main {
	
	export class SaveResult {
	    errors: settings.FieldError[];
	
	    static createFrom(source: any = {}) {
	        return new SaveResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.errors = this.convertValues(source["errors"], settings.FieldError);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class SettingsView {
	    settings: settings.Settings;
	    warning: string;
	    path: string;
	
	    static createFrom(source: any = {}) {
	        return new SettingsView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.settings = this.convertValues(source["settings"], settings.Settings);
	        this.warning = source["warning"];
	        this.path = source["path"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace runs {
	
	export class Entry {
	    dir: string;
	    objective: string;
	    status: string;
	    // Go type: time
	    started: any;
	    turns: number;
	    findings: number;
	    has_report: boolean;
	    damaged: string;
	
	    static createFrom(source: any = {}) {
	        return new Entry(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.dir = source["dir"];
	        this.objective = source["objective"];
	        this.status = source["status"];
	        this.started = this.convertValues(source["started"], null);
	        this.turns = source["turns"];
	        this.findings = source["findings"];
	        this.has_report = source["has_report"];
	        this.damaged = source["damaged"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace settings {
	
	export class FieldError {
	    field: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new FieldError(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.field = source["field"];
	        this.message = source["message"];
	    }
	}
	export class Search {
	    provider: string;
	    duckduckgo_url: string;
	    searxng_url: string;
	
	    static createFrom(source: any = {}) {
	        return new Search(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.provider = source["provider"];
	        this.duckduckgo_url = source["duckduckgo_url"];
	        this.searxng_url = source["searxng_url"];
	    }
	}
	export class Settings {
	    server_url: string;
	    model: string;
	    context_length: number;
	    search: Search;
	    show_browser: boolean;
	    browser_path: string;
	    max_turns: number;
	    allow_local_network: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Settings(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.server_url = source["server_url"];
	        this.model = source["model"];
	        this.context_length = source["context_length"];
	        this.search = this.convertValues(source["search"], Search);
	        this.show_browser = source["show_browser"];
	        this.browser_path = source["browser_path"];
	        this.max_turns = source["max_turns"];
	        this.allow_local_network = source["allow_local_network"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

