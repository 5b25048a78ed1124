export namespace agent {
	
	export interface CallProgress {
	    turn: number;
	    kind: string;
	    stage: string;
	    stage_left: string;
	    wait: chat.Wait;
	}

}

export namespace chat {
	
	export interface Wait {
	    phase: string;
	    new_tokens: number;
	    written: number;
	    elapsed_ns: number;
	    left_ns: number;
	    expected_ns: number;
	    done: number;
	    text: string;
	    say?: phrase.Said;
	    reported?: boolean;
	}

}

export namespace checklist {
	
	export interface EarlierFinding {
	    run: string;
	    number: number;
	    turn: number;
	}
	export interface Finding {
	    number: number;
	    turn: number;
	    text: string;
	    url: string;
	    title: string;
	    part: number;
	    items: number[];
	    quote: string;
	    items_inferred?: boolean;
	    headings?: string[];
	    earlier?: EarlierFinding;
	}

}

export namespace desktop {
	
	export interface CallSaid {
	    stage?: phrase.Said;
	    left?: phrase.Said;
	}
	export interface Progress {
	    dir?: string;
	    rows: runs.Row[];
	    findings: checklist.Finding[];
	    glance: runs.Glance;
	}
	export interface QueueItem {
	    id: number;
	    objective: string;
	    dir: string;
	    state: string;
	}
	export interface QueueView {
	    n: number;
	    items: QueueItem[];
	}
	export interface ReportView {
	    dir: string;
	    title: string;
	    markdown: string;
	    html: string;
	}
	export interface RunView {
	    dir: string;
	    running: boolean;
	    max_turns: number;
	    context_length: number;
	    model: string;
	    // Go type: time
	    started: any;
	    prior_seconds: number;
	    progress: Progress;
	    call?: agent.CallProgress;
	    call_say?: CallSaid;
	    call_n: number;
	    follow_n: number;
	}
	export interface SetupStatus {
	    driver_installed: boolean;
	    browser: string;
	    browser_error: string;
	    reads_pdf: boolean;
	}

}

export namespace llm {
	
	export interface ServerInfo {
	    models: string[];
	    model: string;
	    server: string;
	    context_length: number;
	    context_source: string;
	    model_loaded: boolean;
	    notes: string[];
	    note_says?: phrase.Said[];
	}

}

export namespace main {
	
	export interface AboutView {
	    version: string;
	    settings: string;
	    runs: string;
	}
	export interface SaveResult {
	    errors: settings.FieldError[];
	}
	export interface SettingsView {
	    settings: settings.Settings;
	    warning: string;
	    path: string;
	}

}

export namespace phrase {
	
	export interface Said {
	    key: string;
	    args?: {[key: string]: any};
	}

}

export namespace runs {
	
	export interface Entry {
	    dir: string;
	    objective: string;
	    status: string;
	    status_words: string;
	    resumable: boolean;
	    // Go type: time
	    started: any;
	    turns: number;
	    findings: number;
	    has_report: boolean;
	    damaged: string;
	    parent?: string;
	}
	export interface Figures {
	    turns: number;
	    findings: number;
	    model_calls: {[key: string]: number};
	    prompt_tokens: number;
	    cached_tokens: number;
	    completion_tokens: number;
	    reuse_pct: number;
	    reuse_estimated: boolean;
	    context_pct: number;
	    model_seconds: number;
	    write_rate: number;
	    sent_back: number;
	    rebuilds: number;
	    active_seconds: number;
	}
	export interface Item {
	    number: number;
	    text: string;
	    findings: number[];
	    state: string;
	    words: string;
	    say?: phrase.Said;
	}
	export interface Glance {
	    seq: number;
	    objective: string;
	    status: string;
	    status_words: string;
	    resumable: boolean;
	    waiting: boolean;
	    error: string;
	    say_error?: phrase.Said;
	    checklist: Item[];
	    figures: Figures;
	    parent?: string;
	}
	
	export interface Result {
	    title: string;
	    url: string;
	}
	export interface Row {
	    seq: number;
	    turn: number;
	    icon: string;
	    title: string;
	    detail: string;
	    thought: string;
	    tone: string;
	    results?: Result[];
	    say?: phrase.Said;
	    say_detail?: phrase.Said;
	}

}

export namespace settings {
	
	export interface FieldError {
	    field: string;
	    message: string;
	    say?: phrase.Said;
	}
	export interface KeyStatus {
	    set: boolean;
	    where: string;
	    path: string;
	    note: string;
	    warning: string;
	}
	export interface Search {
	    provider: string;
	    duckduckgo_url: string;
	    searxng_url: string;
	    language: string;
	}
	export interface Settings {
	    server_url: string;
	    model: string;
	    context_length: number;
	    search: Search;
	    show_browser: boolean;
	    browser_path: string;
	    max_turns: number;
	    allow_local_network: boolean;
	    read_ahead: boolean;
	    runs_at_once: number;
	    interface_language: string;
	}

}

export namespace speed {
	
	export interface Measurement {
	    server_url: string;
	    model: string;
	    server: string;
	    read_rate: number;
	    write_rate: number;
	    prefix_reuse: string;
	    reuse_how: string;
	    schema: string;
	    // Go type: time
	    measured: any;
	    took_ns: number;
	    warnings: string[];
	    warning_says?: phrase.Said[];
	}

}

