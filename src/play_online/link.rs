//! One WebSocket connection to the online server, the same to the rest of
//! the app natively and in the browser: open it, send text, and take each
//! frame what arrived. Natively a thread holds a blocking tungstenite
//! socket; in the browser it is the browser's own WebSocket, kept in a
//! thread-local table because it may not leave the page's one thread.

/// What happened on the connection since the last `poll`.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    Opened,
    Text(String),
    /// The connection is gone: why, in words.
    Closed(String),
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::Link;
#[cfg(target_arch = "wasm32")]
pub use web::Link;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::io::ErrorKind;
    use std::sync::Mutex;
    use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
    use std::time::Duration;

    use tungstenite::stream::MaybeTlsStream;
    use tungstenite::{Error, Message};

    use super::Heard;

    /// How long the connection's thread waits for the server before it
    /// looks for the app's messages again.
    const READ_SLICE: Duration = Duration::from_millis(15);

    pub struct Link {
        outgoing: Mutex<Sender<String>>,
        incoming: Mutex<Receiver<Heard>>,
    }

    impl Link {
        /// Starts connecting to `url` (`ws://host:port`); `Opened` or
        /// `Closed` arrives when it is known which.
        pub fn open(url: &str) -> Link {
            let (outgoing, to_send) = mpsc::channel::<String>();
            let (heard, incoming) = mpsc::channel();
            let url = url.to_owned();
            std::thread::spawn(move || {
                let why = run(&url, &to_send, &heard).err().unwrap_or_default();
                let _ = heard.send(Heard::Closed(why));
            });
            Link {
                outgoing: Mutex::new(outgoing),
                incoming: Mutex::new(incoming),
            }
        }

        pub fn send(&self, text: String) {
            let _ = self.outgoing.lock().map(|o| o.send(text));
        }

        pub fn poll(&self) -> Vec<Heard> {
            self.incoming
                .lock()
                .map(|i| i.try_iter().collect())
                .unwrap_or_default()
        }
    }

    /// The connection's life; returns when either side ends it, with why.
    fn run(url: &str, to_send: &Receiver<String>, heard: &Sender<Heard>) -> Result<(), String> {
        let (mut socket, _) = tungstenite::connect(url).map_err(|e| format!("{url}: {e}"))?;
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            let _ = stream.set_nodelay(true);
            stream
                .set_read_timeout(Some(READ_SLICE))
                .map_err(|e| e.to_string())?;
        }
        let _ = heard.send(Heard::Opened);
        loop {
            loop {
                match to_send.try_recv() {
                    Ok(text) => socket.send(Message::text(text)).map_err(|e| e.to_string())?,
                    Err(TryRecvError::Empty) => break,
                    // The app let the link go.
                    Err(TryRecvError::Disconnected) => {
                        let _ = socket.close(None);
                        let _ = socket.flush();
                        return Err("closed".into());
                    }
                }
            }
            match socket.read() {
                Ok(Message::Text(text)) => {
                    if heard.send(Heard::Text(text.to_string())).is_err() {
                        return Err("closed".into());
                    }
                }
                Ok(Message::Close(_)) => return Err("the server closed the connection".into()),
                Ok(_) => {}
                Err(Error::Io(e)) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(e) => return Err(e.to_string()),
            }
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::rc::Rc;

    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    use web_sys::{CloseEvent, MessageEvent, WebSocket};

    use super::Heard;

    struct Open {
        /// `None` when the browser refused to make it (a malformed address).
        socket: Option<WebSocket>,
        heard: Rc<RefCell<Vec<Heard>>>,
        // Kept alive as long as the socket may call them.
        _callbacks: Vec<Closure<dyn FnMut(web_sys::Event)>>,
    }

    thread_local! {
        static OPEN: RefCell<HashMap<u64, Open>> = RefCell::new(HashMap::new());
        static NEXT: RefCell<u64> = const { RefCell::new(0) };
    }

    /// A number naming the socket in this thread's table: a resource may
    /// hold it, the socket itself may not cross threads.
    pub struct Link(u64);

    impl Link {
        pub fn open(url: &str) -> Link {
            let id = NEXT.with(|n| {
                *n.borrow_mut() += 1;
                *n.borrow()
            });
            let heard = Rc::new(RefCell::new(Vec::new()));
            let on = |what: fn(web_sys::Event) -> Heard| {
                let heard = heard.clone();
                Closure::<dyn FnMut(web_sys::Event)>::new(move |event| heard.borrow_mut().push(what(event)))
            };
            let mut callbacks = Vec::new();
            let socket = match WebSocket::new(url) {
                Err(e) => {
                    heard.borrow_mut().push(Heard::Closed(format!("{url}: {e:?}")));
                    None
                }
                Ok(socket) => {
                    let opened = on(|_| Heard::Opened);
                    let message = on(|event| {
                        let text = event
                            .dyn_ref::<MessageEvent>()
                            .and_then(|m| m.data().as_string())
                            .unwrap_or_default();
                        Heard::Text(text)
                    });
                    let closed = on(|event| {
                        let why = event
                            .dyn_ref::<CloseEvent>()
                            .map(|c| c.reason())
                            .filter(|r| !r.is_empty())
                            .unwrap_or_else(|| "the connection was lost".into());
                        Heard::Closed(why)
                    });
                    socket.set_onopen(Some(opened.as_ref().unchecked_ref()));
                    socket.set_onmessage(Some(message.as_ref().unchecked_ref()));
                    socket.set_onclose(Some(closed.as_ref().unchecked_ref()));
                    callbacks = vec![opened, message, closed];
                    Some(socket)
                }
            };
            OPEN.with(|open| {
                open.borrow_mut().insert(
                    id,
                    Open {
                        socket,
                        heard: heard.clone(),
                        _callbacks: callbacks,
                    },
                )
            });
            Link(id)
        }

        pub fn send(&self, text: String) {
            OPEN.with(|open| {
                if let Some(socket) = open.borrow().get(&self.0).and_then(|o| o.socket.as_ref()) {
                    let _ = socket.send_with_str(&text);
                }
            });
        }

        pub fn poll(&self) -> Vec<Heard> {
            OPEN.with(|open| {
                open.borrow()
                    .get(&self.0)
                    .map(|open| std::mem::take(&mut *open.heard.borrow_mut()))
                    .unwrap_or_else(|| vec![Heard::Closed("the connection was lost".into())])
            })
        }
    }

    impl Drop for Link {
        fn drop(&mut self) {
            if let Some(socket) = OPEN
                .with(|open| open.borrow_mut().remove(&self.0))
                .and_then(|o| o.socket)
            {
                // The callbacks go with the entry: the socket may not call them.
                socket.set_onopen(None);
                socket.set_onmessage(None);
                socket.set_onclose(None);
                let _ = socket.close();
            }
        }
    }
}
