//! A WebSocket to the room server: `tungstenite` on a thread of its own on the desktop, the
//! browser's `WebSocket` on the web. Either way the game polls it once a frame and never
//! waits on the network.

use ludo_proto::{ClientMsg, ServerMsg};

/// What the socket reports, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    /// Connected: say hello.
    Opened,
    Message(ServerMsg),
    /// The connection ended (or never began), and why, in English for the log.
    Closed(String),
}

pub use imp::Socket;

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::net::{TcpStream, ToSocketAddrs};
    use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
    use std::time::Duration;

    use tungstenite::client::IntoClientRequest;
    use tungstenite::{Message, WebSocket};

    use super::{ClientMsg, Incoming, ServerMsg};

    /// How long the socket's thread waits for the server before it looks at what to send.
    const POLL: Duration = Duration::from_millis(5);
    const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

    pub struct Socket {
        out: Sender<String>,
        incoming: Receiver<Incoming>,
    }

    impl Socket {
        /// Starts connecting to `url` (`ws://HOST:PORT/ws`).
        pub fn open(url: &str) -> Socket {
            let (out, out_rx) = mpsc::channel();
            let (in_tx, incoming) = mpsc::channel();
            let url = url.to_string();
            std::thread::Builder::new()
                .name("ludo-socket".into())
                .spawn(move || run(&url, &out_rx, &in_tx))
                .expect("a thread for the socket");
            Socket { out, incoming }
        }

        pub fn send(&self, msg: &ClientMsg) {
            // A closed socket reports `Closed` through `poll`.
            let _ = self.out.send(ludo_proto::encode(msg));
        }

        pub fn poll(&self) -> Vec<Incoming> {
            self.incoming.try_iter().collect()
        }
    }

    fn connect(url: &str) -> Result<WebSocket<TcpStream>, String> {
        let request = url
            .into_client_request()
            .map_err(|e| format!("{url}: {e}"))?;
        let uri = request.uri();
        if uri.scheme_str() != Some("ws") {
            return Err(format!(
                "{url}: the desktop game connects with ws:// (put a TLS proxy in front for the browser)"
            ));
        }
        let host = uri.host().unwrap_or("127.0.0.1");
        let port = uri.port_u16().unwrap_or(80);
        let addr = (host, port)
            .to_socket_addrs()
            .map_err(|e| format!("{host}: {e}"))?
            .next()
            .ok_or_else(|| format!("{host}: no address"))?;
        let stream = TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT)
            .map_err(|e| format!("{addr}: {e}"))?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(CONNECT_TIMEOUT))
            .map_err(|e| e.to_string())?;
        // Nothing the server sends is longer than the protocol's bound: a longer message is
        // a fault, and the connection ends (the game resumes and takes a snapshot).
        let config = tungstenite::protocol::WebSocketConfig::default()
            .max_message_size(Some(ludo_proto::MAX_SERVER_MESSAGE_BYTES))
            .max_frame_size(Some(ludo_proto::MAX_SERVER_MESSAGE_BYTES));
        let (ws, _) = tungstenite::client::client_with_config(request, stream, Some(config))
            .map_err(|e| format!("{url}: {e}"))?;
        ws.get_ref()
            .set_read_timeout(Some(POLL))
            .map_err(|e| e.to_string())?;
        Ok(ws)
    }

    fn run(url: &str, out: &Receiver<String>, incoming: &Sender<Incoming>) {
        let mut ws = match connect(url) {
            Ok(ws) => ws,
            Err(e) => {
                let _ = incoming.send(Incoming::Closed(e));
                return;
            }
        };
        let _ = incoming.send(Incoming::Opened);
        let closed = loop {
            // Everything the game asked to send, then whatever the server said.
            match out.try_recv() {
                Ok(text) => {
                    if let Err(e) = ws.send(Message::text(text)) {
                        break e.to_string();
                    }
                    continue;
                }
                Err(TryRecvError::Disconnected) => {
                    // The game dropped the socket: say goodbye.
                    let _ = ws.close(None);
                    let _ = ws.flush();
                    return;
                }
                Err(TryRecvError::Empty) => {}
            }
            match ws.read() {
                Ok(Message::Text(text)) => match ludo_proto::decode::<ServerMsg>(&text) {
                    Ok(msg) => {
                        if incoming.send(Incoming::Message(msg)).is_err() {
                            return;
                        }
                    }
                    Err(e) => bevy::log::warn!("the server sent what this game cannot read: {e}"),
                },
                Ok(Message::Close(_)) => break "the server closed the connection".into(),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => break e.to_string(),
            }
        };
        let _ = incoming.send(Incoming::Closed(closed));
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::rc::Rc;

    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    use web_sys::{CloseEvent, Event, MessageEvent, WebSocket};

    use super::{ClientMsg, Incoming, ServerMsg};

    type Queue = Rc<RefCell<VecDeque<Incoming>>>;

    pub struct Socket {
        ws: Option<WebSocket>,
        queue: Queue,
        // The browser calls these for as long as the socket lives.
        _handlers: Vec<Closure<dyn FnMut(Event)>>,
    }

    impl Socket {
        pub fn open(url: &str) -> Socket {
            let queue: Queue = Rc::default();
            let ws = match WebSocket::new(url) {
                Ok(ws) => ws,
                Err(e) => {
                    queue
                        .borrow_mut()
                        .push_back(Incoming::Closed(format!("{url}: {e:?}")));
                    return Socket {
                        ws: None,
                        queue,
                        _handlers: Vec::new(),
                    };
                }
            };
            let on = |queue: &Queue, f: fn(Event) -> Option<Incoming>| {
                let queue = queue.clone();
                Closure::<dyn FnMut(Event)>::new(move |e: Event| {
                    if let Some(incoming) = f(e) {
                        queue.borrow_mut().push_back(incoming);
                    }
                })
            };
            let opened = on(&queue, |_| Some(Incoming::Opened));
            let message = on(&queue, |e| {
                let text = e.dyn_into::<MessageEvent>().ok()?.data().as_string()?;
                // The browser reads any length; the game reads what the protocol bounds (the
                // message is dropped, and the gap it leaves brings a fresh snapshot).
                if text.len() > ludo_proto::MAX_SERVER_MESSAGE_BYTES {
                    bevy::log::warn!(
                        "the server sent {} bytes, over the protocol's bound",
                        text.len()
                    );
                    return None;
                }
                match ludo_proto::decode::<ServerMsg>(&text) {
                    Ok(msg) => Some(Incoming::Message(msg)),
                    Err(e) => {
                        bevy::log::warn!("the server sent what this game cannot read: {e}");
                        None
                    }
                }
            });
            let closed = on(&queue, |e| {
                let why = e
                    .dyn_into::<CloseEvent>()
                    .map(|c| format!("closed ({})", c.code()))
                    .unwrap_or_else(|_| "closed".into());
                Some(Incoming::Closed(why))
            });
            ws.set_onopen(Some(opened.as_ref().unchecked_ref()));
            ws.set_onmessage(Some(message.as_ref().unchecked_ref()));
            ws.set_onclose(Some(closed.as_ref().unchecked_ref()));
            Socket {
                ws: Some(ws),
                queue,
                _handlers: vec![opened, message, closed],
            }
        }

        pub fn send(&self, msg: &ClientMsg) {
            if let Some(ws) = &self.ws {
                let _ = ws.send_with_str(&ludo_proto::encode(msg));
            }
        }

        pub fn poll(&self) -> Vec<Incoming> {
            self.queue.borrow_mut().drain(..).collect()
        }
    }

    impl Drop for Socket {
        fn drop(&mut self) {
            if let Some(ws) = &self.ws {
                ws.set_onclose(None);
                ws.set_onmessage(None);
                ws.set_onopen(None);
                let _ = ws.close();
            }
        }
    }
}
